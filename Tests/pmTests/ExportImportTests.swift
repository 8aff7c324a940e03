import Foundation
import Testing

/// `pm export` and `pm import`: backups and moving boards between machines.
@Suite struct ExportImportTests {
    /// A board with a history of every kind of action.
    static func busyBoard() throws -> PMRunner {
        let pm = try PMRunner()
        let spec = try pm.add(
            "Write spec", deadline: "2026-11-25", description: "Two pages", now: "2026-11-20T09:00:00Z")
        let code = try pm.add("한글 코드 👩‍💻", deadline: "+3d", now: "2026-11-20T10:00:00Z")
        let gone = try pm.add("Temporary", now: "2026-11-20T11:00:00Z")
        try pm.succeed(["edit", spec.id, "--title", "Write the spec"], now: "2026-11-20T12:00:00Z")
        try pm.succeed(["move", code.id, "doing"], now: "2026-11-20T13:00:00Z")
        try pm.succeed(["move", spec.id, "done"], now: "2026-11-20T14:00:00Z")
        try pm.succeed(["delete", gone.id], now: "2026-11-20T15:00:00Z")
        try pm.succeed(["undo"], now: "2026-11-20T16:00:00Z")
        try pm.succeed(["delete", gone.id], now: "2026-11-20T17:00:00Z")
        return pm
    }

    @Test func anExportImportedIntoAFreshDatabaseGivesTheSameBoardAndHistory() throws {
        // Given a busy board exported to a file
        let pm = try Self.busyBoard()
        try pm.succeed(["export", "--output", pm.path("board.json")])

        // When the file is imported into a fresh database
        let fresh = ["PM_DATABASE": pm.path("fresh.sqlite")]
        let imported = try pm.succeed(["import", pm.path("board.json"), "--json"], environment: fresh).object()

        // Then it holds the same cards and the same history
        #expect(imported["applied"] as? Int == 9 && imported["skipped"] as? Int == 0)
        let list = ["list", "--json"]
        let history = ["history", "--json", "--limit", "0"]
        #expect(try pm.succeed(list, environment: fresh).stdout == pm.succeed(list).stdout)
        let importedHistory = try pm.succeed(history, environment: fresh)
        let originalHistory = try pm.succeed(history)
        #expect(try importedHistory.sharedHistory() == originalHistory.sharedHistory())
        #expect(try pm.succeed(list, environment: fresh).objects().count == 2)
        // And only how each device names who made the changes differs: there they were this
        // device's; here they are that device's (no server named an author)
        let device = try #require(originalHistory.objects().first?["device"] as? String)
        #expect(try originalHistory.historyBy() == Array(repeating: "this device", count: 9))
        #expect(try importedHistory.historyBy() == Array(repeating: "device \(device.prefix(8))", count: 9))
        #expect(try importedHistory.historyByThisDevice() == Array(repeating: false, count: 9))
    }

    @Test func importingTheSameFileTwiceChangesNothingTheSecondTime() throws {
        // Given a fresh database into which an export was imported once
        let pm = try Self.busyBoard()
        try pm.succeed(["export", "--output", pm.path("board.json")])
        let fresh = ["PM_DATABASE": pm.path("fresh.sqlite")]
        try pm.succeed(["import", pm.path("board.json")], environment: fresh)
        let listOnce = try pm.succeed(["list", "--json"], environment: fresh).stdout
        let historyOnce = try pm.succeed(["history", "--json", "--limit", "0"], environment: fresh).stdout

        // When it is imported again
        let again = try pm.succeed(["import", pm.path("board.json"), "--json"], environment: fresh).object()

        // Then nothing is applied and the board and history are unchanged
        #expect(again["applied"] as? Int == 0 && again["skipped"] as? Int == 9)
        #expect(try pm.succeed(["list", "--json"], environment: fresh).stdout == listOnce)
        #expect(try pm.succeed(["history", "--json", "--limit", "0"], environment: fresh).stdout == historyOnce)
    }

    @Test func exportWritesTheDocumentedFormatToStdout() throws {
        // Given a board with one card
        let pm = try PMRunner()
        let card = try pm.add("Only card")

        // When it is exported to stdout
        let document = try pm.succeed(["export"]).object()

        // Then the document names its format and holds the projects, history and operations
        #expect(document["format"] as? String == "projectmanager-export")
        #expect(document["version"] as? Int == 1)
        let projects = try #require(document["projects"] as? [[String: Any]])
        #expect(projects.map { $0["id"] as? String } == [card.id])
        #expect((document["history"] as? [Any])?.count == 1)
        let operations = try #require(document["operations"] as? [[String: Any]])
        #expect(operations.count == 1)
        #expect(Set(operations[0].keys) == ["id", "projectId", "timestamp", "fields"])
    }

    @Test func importReadsStandardInput() throws {
        // Given an export written by hand
        let pm = try PMRunner()
        let json = try HandWrittenExport.json([
            .init(id: "abcdef00-0000-4000-8000-000000000001", title: "From a pipe", status: "doing")
        ])

        // When it is piped into pm import -
        try pm.succeed(["import", "-"], stdin: json)

        // Then the card is on the board, in its list
        let card = try #require(try pm.card("abcdef00-0000-4000-8000-000000000001"))
        #expect(card.title == "From a pipe" && card.status == "doing")
    }

    @Test func importedChangesAreNotThisDevicesToUndo() throws {
        // Given a board that only holds an imported card
        let pm = try PMRunner()
        try pm.succeed(
            ["import", "-"],
            stdin: try HandWrittenExport.json([.init(id: "abcdef00-0000-4000-8000-000000000001", title: "Theirs")]))

        // When undo is asked for
        let undo = try pm.run(["undo"])

        // Then there is nothing to undo and the card stays
        #expect(undo.status == 1)
        #expect(try pm.cards().count == 1)
    }
}
