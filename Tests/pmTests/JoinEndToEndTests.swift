import Foundation
import PMStore
import PMTestSupport
import Testing

/// A new device shows the server's cards as they arrive, and a join killed part way keeps what it
/// stored and finishes at the next `pm sync`: real `pm` and `pm-server` processes, the join cut by
/// SIGKILL once the first page is in the device's file.
@Suite(.serialized) struct JoinEndToEndTests {
    static let cards = 20_000

    @Test(.timeLimit(.minutes(5)))
    func aJoinKilledAfterItsFirstPageShowsThoseCardsKeepsAnEditAndFinishesAtTheNextSync() async throws {
        // Given a board of 20,000 cards on the server, imported and pushed by ada
        let server = try SyncServer()
        try await server.start()
        let (ada, bob) = try server.adaAndBob()
        let export = ada.path("big.json")
        try CrashTests.writeBigExport(to: export, count: Self.cards)
        try ada.succeed(["import", export])
        try ada.succeed(["sync"])

        // When bob's first sync is killed as soon as some of the cards are in his file
        let running = try bob.start(["sync"])
        let database = try AppDatabase.open(
            path: bob.databasePath, environment: TestWorld(day: "2026-11-21").environment)
        let deadline = ContinuousClock.now + .seconds(60)
        while try !database.syncRecord().joining, running.process.isRunning, ContinuousClock.now < deadline {
            usleep(1_000)
        }
        kill(running.process.processIdentifier, SIGKILL)
        running.process.waitUntilExit()
        let killedWhileJoining = try database.syncRecord().joining
        let output = try running.result()
        try #require(killedWhileJoining, "bob's sync ended before it was killed: \(output.stdout)\(output.stderr)")

        // Then bob's board shows the cards stored so far, and says the rest is still to come
        let shown = try bob.cards()
        #expect(shown.count >= 1_000 && shown.count < Self.cards, "\(shown.count) cards")
        let status = try bob.succeed(["status", "--json"]).object()
        #expect(status["joining"] as? Bool == true)
        #expect(try bob.succeed(["status"]).stdout.contains("Joining: the board's cards are still arriving"))

        // When bob renames one of them, and syncs again
        let renamed = try #require(shown.first)
        try bob.succeed(["edit", renamed.id, "--title", "고친 제목"])
        let report = try bob.succeed(["sync", "--json"]).object()

        // Then the join is done: every card is on bob's board, his edit with them, and ada sees
        // the same board
        #expect(report["startedFromSnapshot"] as? Bool == true)
        #expect(try bob.succeed(["status", "--json"]).object()["joining"] as? Bool == false)
        let bobs = try bob.cards()
        #expect(bobs.count == Self.cards)
        #expect(bobs.first { $0.id == renamed.id }?.title == "고친 제목")
        try ada.succeed(["sync"])
        #expect(try ada.succeed(["list", "--json"]).stdout == bob.succeed(["list", "--json"]).stdout)
    }
}
