import Foundation
import Testing

/// `--json` output, which scripts rely on.
@Suite struct JSONOutputTests {
    static let cardKeys: Set = [
        "id", "title", "description", "deadline", "status", "overdue", "createdAt", "updatedAt",
    ]
    /// A `pm history --json` entry's keys with no author known (`by`, `byThisDevice`: as this device sees it).
    static let entryKeys: Set = ["at", "action", "projectId", "title", "device", "changes", "by", "byThisDevice"]

    static func isLowercaseUUID(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: #/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/#) != nil
    }

    static func instant(_ value: Any?) -> Date? {
        (value as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    @Test func listPrintsEveryCardWithItsFields() throws {
        // Given a card added on the 19th with a description, now overdue, and one due later
        let pm = try PMRunner()
        try pm.add("Late report", description: "two\nlines", now: "2026-11-19T08:30:00Z")
        try pm.add("Future plan", deadline: "2026-12-01")

        // When the board is listed as JSON on the 21st
        let cards = try pm.succeed(["list", "--json"]).objects()

        // Then each card has exactly the documented fields, in deadline order
        try #require(cards.count == 2)
        for card in cards {
            #expect(Set(card.keys) == Self.cardKeys)
            #expect(Self.isLowercaseUUID(card["id"]))
            #expect(Self.instant(card["createdAt"]) != nil && Self.instant(card["updatedAt"]) != nil)
            #expect(card["status"] as? String == "todo")
        }
        let late = cards[0]
        #expect(late["title"] as? String == "Late report")
        #expect(late["description"] as? String == "two\nlines")
        #expect(late["deadline"] as? String == "2026-11-19")
        #expect(late["overdue"] as? Bool == true)
        #expect(Self.instant(late["createdAt"]) == Self.instant("2026-11-19T08:30:00Z"))
        #expect(cards[1]["deadline"] as? String == "2026-12-01")
        #expect(cards[1]["overdue"] as? Bool == false)
        #expect(cards[1]["description"] as? String == "")
    }

    @Test func addEditAndMovePrintTheResultingProject() throws {
        // Given an empty board
        let pm = try PMRunner()

        // When a card is added, edited and moved with --json
        let added = try pm.succeed(["add", "Draft", "--deadline", "+3d", "--json"]).object()
        let id = try #require(added["id"] as? String)
        let edited = try pm.succeed(
            ["edit", id, "--title", "Final", "--description", "Polished", "--json"], now: "2026-11-21T10:00:00Z"
        ).object()
        let moved = try pm.succeed(["move", id, "doing", "--json"], now: "2026-11-21T11:00:00Z").object()

        // Then each prints the project as it now is
        #expect(Set(added.keys) == Self.cardKeys)
        #expect(added["title"] as? String == "Draft")
        #expect(added["deadline"] as? String == "2026-11-24")
        #expect(added["status"] as? String == "todo")
        #expect(edited["id"] as? String == id)
        #expect(edited["title"] as? String == "Final")
        #expect(edited["description"] as? String == "Polished")
        #expect(Self.instant(edited["updatedAt"]) == Self.instant("2026-11-21T10:00:00Z"))
        #expect(moved["status"] as? String == "doing")
        #expect(moved["title"] as? String == "Final")
        #expect(Self.instant(moved["createdAt"]) == Self.instant(PMRunner.defaultNow))
    }

    @Test func historyListsEveryActionNewestFirst() throws {
        // Given a card added, edited, moved, deleted and brought back by undo, an hour apart
        let pm = try PMRunner()
        let card = try pm.add("Spec", deadline: "2026-12-01", now: "2026-11-21T09:00:00Z")
        try pm.succeed(["edit", card.id, "--deadline", "2026-12-03"], now: "2026-11-21T10:00:00Z")
        try pm.succeed(["move", card.id, "doing"], now: "2026-11-21T11:00:00Z")
        try pm.succeed(["delete", card.id], now: "2026-11-21T12:00:00Z")
        try pm.succeed(["undo"], now: "2026-11-21T13:00:00Z")

        // When the history is printed as JSON
        let entries = try pm.succeed(["history", "--json"]).objects()

        // Then there is one entry per action, newest first, each with the documented fields
        #expect(entries.map { $0["action"] as? String } == ["restored", "deleted", "moved", "edited", "added"])
        let hours = entries.map { Self.instant($0["at"]) }
        #expect(hours == ["13", "12", "11", "10", "09"].map { Self.instant("2026-11-21T\($0):00:00Z") })
        for entry in entries {
            #expect(Set(entry.keys) == Self.entryKeys)
            #expect(entry["projectId"] as? String == card.id)
            #expect(entry["title"] as? String == "Spec")
            #expect(Self.isLowercaseUUID(entry["device"]))
        }
        #expect(Set(entries.compactMap { $0["device"] as? String }).count == 1)
        // All made here: the JSON says so, as the text does
        #expect(entries.allSatisfy { $0["by"] as? String == "this device" && $0["byThisDevice"] as? Bool == true })
        // And the changes say what each action changed, from and to
        let changes = entries.map { $0["changes"] as? [String: [String: Any]] ?? [:] }
        #expect(changes[2]["status"]?["from"] as? String == "todo")
        #expect(changes[2]["status"]?["to"] as? String == "doing")
        #expect(changes[3]["deadline"]?["from"] as? String == "2026-12-01")
        #expect(changes[3]["deadline"]?["to"] as? String == "2026-12-03")
        #expect(Set(changes[3].keys) == ["deadline"])
        #expect(changes[4]["title"]?["from"] is NSNull)
        #expect(changes[4]["title"]?["to"] as? String == "Spec")
    }

    @Test func historyHonoursLimitAndProject() throws {
        // Given two cards, each edited once
        let pm = try PMRunner()
        let first = try pm.add("First")
        let second = try pm.add("Second")
        try pm.succeed(["edit", first.id, "--title", "First v2"])
        try pm.succeed(["edit", second.id, "--title", "Second v2"])

        // When asking for the two newest entries, and for one card's entries
        let newest = try pm.succeed(["history", "--json", "--limit", "2"]).objects()
        let ofFirst = try pm.succeed(["history", "--json", "--project", String(first.id.prefix(8))]).objects()

        // Then the limit and the project filter hold
        #expect(newest.map { $0["title"] as? String } == ["Second", "First"])
        #expect(newest.map { $0["action"] as? String } == ["edited", "edited"])
        #expect(ofFirst.map { $0["action"] as? String } == ["edited", "added"])
        #expect(ofFirst.allSatisfy { $0["projectId"] as? String == first.id })
    }

    @Test func historyTextSaysWhatChangedInWords() throws {
        // Given a card added, its deadline edited, moved to DOING and deleted
        let pm = try PMRunner()
        let card = try pm.add("Write spec", deadline: "2026-12-01")
        try pm.succeed(["edit", card.id, "--deadline", "2026-12-03"])
        try pm.succeed(["move", card.id, "doing"])
        try pm.succeed(["delete", card.id])

        // When the history is printed for people
        let lines = try pm.succeed(["history"]).lines

        // Then each line says what happened, newest first, as the product brief words it
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[0].contains(#"Deleted "Write spec""#))
        #expect(lines[1].contains(#"Moved "Write spec" from TODO to DOING"#))
        #expect(lines[2].contains(#"Edited "Write spec": deadline 2026-12-01 → 2026-12-03"#))
        #expect(lines[3].contains(#"Added "Write spec" to TODO"#))
        #expect(lines.allSatisfy { $0.hasPrefix("2026-11-21 09:00") })
    }
}
