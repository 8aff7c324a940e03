import Foundation
import Testing

/// A card a teammate deleted is found by `pm history --project ID` and brought back by
/// `pm restore ID`, through a real `pm-server`.
@Suite(.serialized) struct RestoreEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenBobDeletedAdasCard_whenAdaLooksItUpAndRestoresIt_thenItIsBackEverywhereInItsList() async throws {
        // Given ada's card in DOING, which bob deleted
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let (ada, bob) = try server.adaAndBob()
        let card = try ada.add("발표 자료", now: "2026-11-21T09:00:00Z")
        try ada.succeed(["move", card.id, "doing"], now: "2026-11-21T09:01:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:02:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:30:00Z")
        try bob.succeed(["delete", String(card.id.prefix(8))], now: "2026-11-21T09:31:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:32:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:33:00Z")
        #expect(try ada.cards().isEmpty)

        // When ada looks the deleted card up by its full id
        let history = try ada.succeed(["history", "--project", card.id], now: "2026-11-21T12:00:00Z")

        // Then its history is shown, bob's delete first
        #expect(
            history.lines == [
                "2026-11-21 09:31  Deleted \"발표 자료\"  (bob)",
                "2026-11-21 09:01  Moved \"발표 자료\" from TODO to DOING  (this device)",
                "2026-11-21 09:00  Added \"발표 자료\" to TODO  (this device)",
            ], "\(history.stdout)")

        // When she restores it by a prefix
        let restored = try ada.succeed(["restore", String(card.id.prefix(6))], now: "2026-11-21T12:01:00Z")

        // Then it is back in DOING with its id, here and, after a sync, on bob's device
        #expect(restored.stdout.contains("Restored \"발표 자료\" to DOING"), "\(restored.stdout)")
        #expect(try ada.card(card.id)?.status == "doing")
        try ada.succeed(["sync"], now: "2026-11-21T12:02:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T12:03:00Z")
        #expect(try bob.card(card.id)?.title == "발표 자료")
        #expect(try bob.history().first?["action"] as? String == "restored")

        // And restoring a card that is not deleted is refused, changing nothing
        let again = try ada.run(["restore", card.id], now: "2026-11-21T12:04:00Z")
        #expect(again.status == 1)
        #expect(again.stderr.contains("is not deleted"), "\(again.stderr)")
    }

    @Test func givenNoCardWithTheId_whenRestored_thenItExits2() throws {
        let pm = try PMRunner()
        let result = try pm.run(["restore", "abcd1234"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no project has an id starting with abcd1234"), "\(result.stderr)")
    }
}
