import Foundation
import Testing

/// An export keeps who made each change (the users a real `pm-server` named), so a board
/// restored from it names `ada` and `bob` rather than their devices.
@Suite(.serialized) struct ExportAuthorEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func givenChangesByAdaAndBob_whenExportedAndImportedIntoAFreshBoard_thenHistoryStillNamesThem() async throws {
        // Given ada's card that bob moved, synced to ada's device
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let (ada, bob, card) = try server.adaAndBobSharingACard()
        try bob.succeed(["move", card.id, "doing"], now: "2026-11-21T09:32:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:33:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:34:00Z")

        // When ada exports the board and it is imported into a fresh database with no remote
        try ada.succeed(["export", "--output", ada.path("board.json")])
        let fresh = ["PM_DATABASE": ada.path("fresh.sqlite")]
        try ada.succeed(["import", ada.path("board.json")], environment: fresh)

        // Then the restored history names ada and bob, in the text and the JSON
        #expect(
            try ada.succeed(["history"], now: "2026-11-21T12:00:00Z", environment: fresh).lines == [
                "2026-11-21 09:32  Moved \"Spec\" from TODO to DOING  (bob)",
                "2026-11-21 09:00  Added \"Spec\" to TODO  (ada)",
            ])
        let json = try ada.succeed(["history", "--json"], environment: fresh)
        #expect(try json.objects().map { $0["author"] as? String } == ["bob", "ada"])
        // And the export's own history names them too
        let export = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: ada.path("board.json"))))
        let history = (export as? [String: Any])?["history"] as? [[String: Any]]
        #expect(history?.map { $0["author"] as? String } == ["bob", "ada"])
    }

    @Test func givenAnExportWhoseAuthorBreaksTheUserNameRule_whenImported_thenItIsRefusedNamingTheRule() throws {
        // Given an export whose one operation's author is no user name
        let pm = try PMRunner()
        _ = try pm.add("Spec")
        try pm.succeed(["export", "--output", pm.path("board.json")])
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pm.path("board.json"))))
                as? [String: Any])
        let operations = try #require(document["operations"] as? [[String: Any]])
        let id = try #require(operations.first?["id"] as? String)
        document["authors"] = [id: "bob smith"]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: pm.path("bad.json")))

        // When it is imported into a fresh database
        let fresh = ["PM_DATABASE": pm.path("fresh.sqlite")]
        let result = try pm.run(["import", pm.path("bad.json")], environment: fresh)

        // Then it is refused, naming the rule, and nothing is imported
        #expect(result.status != 0)
        #expect(result.stderr.contains("must be 1–64 characters"), "\(result.stderr)")
        #expect(try pm.succeed(["list", "--json"], environment: fresh).objects().isEmpty)
    }
}
