import Foundation
import Testing

/// `pm undo` through a real `pm-server` with a teammate: it takes back only fields still as this
/// device left them, refuses (naming who changed what) where a teammate changed one since, and
/// says what was undone and where the card is now.
@Suite(.serialized) struct UndoConflictEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenBobRenamedAdasRenamedCard_whenAdaUndoes_thenItIsRefusedNamingBobUntilForced() async throws {
        // Given ada's card, moved to DOING and then renamed by her, which bob renamed again since
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let (ada, bob) = try server.adaAndBob()
        let card = try ada.add("Spec", now: "2026-11-21T09:00:00Z")
        try ada.succeed(["move", card.id, "doing"], now: "2026-11-21T09:01:00Z")
        try ada.succeed(["edit", card.id, "--title", "Spec v2"], now: "2026-11-21T09:02:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:03:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:30:00Z")
        try bob.succeed(["edit", card.id, "--title", "Spec 한글"], now: "2026-11-21T09:31:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:32:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:33:00Z")

        // When ada undoes her rename
        let refused = try ada.run(["undo"], now: "2026-11-21T09:34:00Z")

        // Then it is refused, naming bob and his change, and nothing changed
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not undone: bob changed the title to \"Spec 한글\""), "\(refused.stderr)")
        #expect(refused.stderr.contains("pm undo --force"))
        #expect(try ada.card(card.id)?.title == "Spec 한글")
        #expect(try ada.history().count == 4)

        // When she forces it
        let forced = try ada.succeed(["undo", "--force"], now: "2026-11-21T09:35:00Z")

        // Then her title is back, and the words say what was undone and where the card is now
        #expect(try ada.card(card.id)?.title == "Spec")
        #expect(
            forced.lines == ["Undone: Edited \"Spec\": title \"Spec\" → \"Spec v2\". Now \"Spec\" is in DOING."],
            "\(forced.stdout)")

        // When she undoes her move, whose field nobody else changed
        let move = try ada.succeed(["undo"], now: "2026-11-21T09:36:00Z")

        // Then it is taken back, told as the move it undid and where the card is now
        #expect(
            move.lines == ["Undone: Moved \"Spec\" from TODO to DOING. Now \"Spec\" is in TODO."], "\(move.stdout)")
        #expect(try ada.card(card.id)?.status == "todo")
    }
}
