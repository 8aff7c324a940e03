import Foundation
import Testing

/// History names the user who made each change, through a real `pm-server`: the server records
/// who pushed each operation and every device shows it.
@Suite(.serialized) struct HistoryAuthorEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenAdaAndBobOnOneBoard_whenTheySync_thenHistoryNamesEachUserAndThisDevice() async throws {
        // Given a server, ada's laptop, bob's device, and then ada's second device
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let ada = try PMRunner(now: "2026-11-21T09:00:00Z")
        let bob = try PMRunner(now: "2026-11-21T09:30:00Z")
        let adaAgain = try PMRunner(now: "2026-11-21T10:00:00Z")
        try ada.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try bob.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken])

        // When ada adds a card and syncs, bob syncs, moves it and syncs, and ada syncs again
        let card = try ada.add("Spec", now: "2026-11-21T09:00:00Z")
        try ada.succeed(["sync"])
        try bob.succeed(["sync"], now: "2026-11-21T09:30:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:31:00Z")
        try bob.succeed(["move", card.id, "doing"], now: "2026-11-21T09:32:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:33:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:34:00Z")

        // Then each sees the other's change under their name and their own as this device's
        #expect(
            try ada.succeed(["history"], now: "2026-11-21T12:00:00Z").lines == [
                "2026-11-21 09:32  Moved \"Spec\" from TODO to DOING  (bob)",
                "2026-11-21 09:00  Added \"Spec\" to TODO  (this device)",
            ])
        #expect(
            try bob.succeed(["history"], now: "2026-11-21T12:00:00Z").lines == [
                "2026-11-21 09:32  Moved \"Spec\" from TODO to DOING  (this device)",
                "2026-11-21 09:00  Added \"Spec\" to TODO  (ada)",
            ])
        // And the JSON names the author of every change on both, the same
        let history = ["history", "--json", "--limit", "0"]
        let adaJSON = try ada.succeed(history, now: "2026-11-21T12:00:00Z")
        let bobJSON = try bob.succeed(history, now: "2026-11-21T12:00:00Z")
        #expect(try adaJSON.objects().map { $0["author"] as? String } == ["bob", "ada"])
        #expect(try bobJSON.objects().map { $0["author"] as? String } == ["bob", "ada"])
        #expect(try bobJSON.sharedHistory() == adaJSON.sharedHistory())
        // And, as the text does, it marks each device's own changes and names the other's author
        #expect(try adaJSON.historyBy() == ["bob", "this device"])
        #expect(try adaJSON.historyByThisDevice() == [false, true])
        #expect(try bobJSON.historyBy() == ["this device", "ada"])
        #expect(try bobJSON.historyByThisDevice() == [true, false])

        // When ada's second device joins the board
        try adaAgain.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try adaAgain.succeed(["sync"], now: "2026-11-21T10:00:00Z")
        try adaAgain.succeed(["sync"], now: "2026-11-21T10:01:00Z")

        // Then ada's changes from her laptop are hers, not this device's
        #expect(
            try adaAgain.succeed(["history"], now: "2026-11-21T12:00:00Z").lines == [
                "2026-11-21 09:32  Moved \"Spec\" from TODO to DOING  (bob)",
                "2026-11-21 09:00  Added \"Spec\" to TODO  (ada)",
            ])
        let adaAgainJSON = try adaAgain.succeed(history, now: "2026-11-21T12:00:00Z")
        #expect(try adaAgainJSON.historyBy() == ["bob", "ada"])
        #expect(try adaAgainJSON.historyByThisDevice() == [false, false])
        #expect(try adaAgainJSON.sharedHistory() == adaJSON.sharedHistory())
    }

    @Test func givenAChangeNoServerNamed_whenShown_thenTheDeviceIsNamedAsBefore() throws {
        // Given a board imported from another device's export: no author is known
        let other = try PMRunner()
        _ = try other.add("Spec", now: "2026-11-21T09:00:00Z")
        try other.succeed(["export", "--output", other.path("board.json")])
        let device = try other.succeed(["history", "--json"]).objects().first?["device"] as? String
        let here = try PMRunner()
        try here.succeed(["import", other.path("board.json")])

        // When its history is shown
        let lines = try here.succeed(["history"]).lines

        // Then the change is the other device's, by its id, with no author in the JSON
        #expect(lines == ["2026-11-21 09:00  Added \"Spec\" to TODO  (device \(try #require(device).prefix(8)))"])
        #expect(try here.succeed(["history", "--json"]).objects().first?["author"] == nil)
        #expect(try here.succeed(["history", "--json"]).historyBy() == ["device \(try #require(device).prefix(8))"])
    }
}
