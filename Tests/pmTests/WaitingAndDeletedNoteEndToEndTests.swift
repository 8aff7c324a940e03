import Foundation
import Testing

/// Changes never pass silently through a real `pm-server`: an offline `pm add` says that its
/// change waits, and a sync that brings in a teammate's delete of a card this device changed
/// meanwhile says so, with the way back.
@Suite(.serialized) struct WaitingAndDeletedNoteEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenAdaEditsOfflineWhileBobDeletes_whenAdaSyncs_thenSheIsToldItWaitedAndThatBobDeletedIt() async throws {
        // Given ada's card on both devices
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let (ada, bob, card) = try server.adaAndBobSharingACard()

        // When the server is down and ada adds a card and renames hers
        server.stop()
        let added = try ada.run(["add", "Offline one"], now: "2026-11-21T10:00:00Z")
        let renamed = try ada.run(["edit", card.id, "--title", "Spec v2"], now: "2026-11-21T10:01:00Z")

        // Then each succeeds and says its change waits on the device
        #expect(added.status == 0)
        #expect(added.stderr.hasPrefix("pm: 1 change waiting on this device, not sent yet ("), "\(added.stderr)")
        #expect(added.stderr.contains("pm sync sends it"))
        #expect(renamed.status == 0)
        #expect(renamed.stderr.hasPrefix("pm: 2 changes waiting on this device, not sent yet ("), "\(renamed.stderr)")

        // When the server is back, bob deletes the card, and ada syncs
        try await server.start()
        try bob.succeed(["delete", card.id], now: "2026-11-21T10:05:00Z")
        let sync = try ada.succeed(["sync"], now: "2026-11-21T10:10:00Z")

        // Then the sync notes that bob deleted the card she changed, and how to bring it back
        #expect(
            sync.lines.last?.hasPrefix("Note: \"Spec v2\" was deleted by bob while this device changed it; pm restore ")
                == true, "\(sync.stdout)")
        #expect(sync.lines.last?.hasSuffix(" brings it back") == true)
        #expect(try ada.cards().map(\.title) == ["Offline one"])
        // And the id it gives restores it
        let restore = try #require(sync.lines.last?.split(separator: " ").dropLast(3).last.map(String.init))
        #expect(card.id.hasPrefix(restore) && restore.count >= 4)
        try ada.succeed(["restore", restore], now: "2026-11-21T10:11:00Z")
        #expect(try ada.card(card.id)?.title == "Spec v2")
    }

    @Test(.timeLimit(.minutes(3)))
    func givenBobDeletedACardAdaChanged_whenAdaSyncsWithJSON_thenTheReportNamesIt() async throws {
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let (ada, bob) = try server.adaAndBob()
        let card = try ada.add("기획서", now: "2026-11-21T09:00:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:01:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:30:00Z")
        // ada's move reaches the server at once; bob, who has not seen it, deletes the card
        try ada.succeed(["move", card.id, "doing"], now: "2026-11-21T10:00:00Z")
        try bob.succeed(["delete", card.id], now: "2026-11-21T10:05:00Z")

        let report = try ada.succeed(["sync", "--json"], now: "2026-11-21T10:10:00Z").object()

        let deleted = report["deletedWhileChanged"] as? [[String: Any]]
        #expect(deleted?.count == 1)
        #expect(deleted?.first?["id"] as? String == card.id)
        #expect(deleted?.first?["title"] as? String == "기획서")
        #expect(deleted?.first?["by"] as? String == "bob")
        // And a sync with nothing of the kind says nothing of it
        let quiet = try ada.succeed(["sync"], now: "2026-11-21T10:11:00Z")
        #expect(!quiet.stdout.contains("Note:"))
    }
}
