import Foundation
import Testing

/// Bad input is refused with a message naming the rule, and never changes the database.
@Suite struct InputRulesTests {
    static let cardID = "0badcafe-0000-4000-8000-000000000001"
    static let oldCardID = "0badcafe-0000-4000-8000-000000000002"

    /// A board with a card due on the 25th and one due on the 1st, both imported so that there
    /// is nothing to undo or redo.
    static func fixture() throws -> PMRunner {
        let pm = try PMRunner()
        try HandWrittenExport.write(
            [
                .init(id: cardID, title: "Fixture", deadline: "2026-11-25"),
                .init(id: oldCardID, title: "Old", deadline: "2026-11-01"),
            ], to: pm.path("fixture.json"))
        try pm.succeed(["import", pm.path("fixture.json")])
        return pm
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: [String]
        var files: [String: String] = [:]
        var environment: [String: String] = [:]

        var testDescription: String { "pm " + arguments.joined(separator: " ").prefix(60) }

        func writeFiles(in pm: PMRunner) throws {
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: pm.path(name)))
            }
        }
    }

    static let longTitle = String(repeating: "x", count: 101)
    static let longKoreanTitle = String(repeating: "한", count: 101)
    static let longDescription = String(repeating: "d", count: 1001)
    static let overlongOperation = HandWrittenExport.Project(
        id: "0badcafe-0000-4000-8000-000000000009", title: String(repeating: "t", count: 101))
    static let outOfRange = "title must be 1–100 characters"

    /// Refused before the database is opened.
    static let refusedBeforeOpening: [Refusal] = [
        Refusal(arguments: ["add", ""], status: 1, message: [outOfRange, "got 0"]),
        Refusal(arguments: ["add", "   "], status: 1, message: [outOfRange, "got 0"]),
        Refusal(arguments: ["add", longTitle], status: 1, message: [outOfRange, "got 101"]),
        Refusal(arguments: ["add", longKoreanTitle], status: 1, message: [outOfRange, "got 101"]),
        Refusal(arguments: ["add", "two\nlines"], status: 1, message: ["title must be one line"]),
        Refusal(
            arguments: ["add", "Spec", "--description", longDescription], status: 1,
            message: ["description must be at most 1000 characters", "got 1001"]),
        Refusal(
            arguments: ["add", "Spec", "--deadline", "2026-11-20"], status: 1,
            message: ["deadline may not be before today (2026-11-21)"]),
        Refusal(
            arguments: ["add", "Spec", "--deadline", "next week"], status: 1, message: ["deadline must be a date"]),
        Refusal(
            arguments: ["add", "Spec", "--deadline", "2026-02-30"], status: 1,
            message: ["deadline must be a real date: 2026-02-30 is not a day"]),
        Refusal(
            arguments: ["add", "Spec", "--deadline", "+999999d"], status: 1,
            message: [#"deadline must be at most 100000 days or weeks ahead, got "+999999d""#]),
        // A leading minus is the deadline's value, not an option: the rule answers, not "Missing value".
        Refusal(arguments: ["add", "Spec", "--deadline", "-1d"], status: 1, message: [#"got "-1d""#]),
        Refusal(arguments: ["edit", cardID, "--deadline", "-1d"], status: 1, message: [#"got "-1d""#]),
        Refusal(
            arguments: ["add", "\u{1B}]0;HACKED\u{07}제목"], status: 1,
            message: ["title may not contain control characters, got U+001B"]),
        Refusal(arguments: ["edit", cardID], status: 64, message: ["nothing to edit"]),
        Refusal(arguments: ["delete", "0ba"], status: 1, message: ["at least 4 hex digits"]),
        Refusal(arguments: ["move", cardID, "sideways"], status: 64, message: ["todo", "doing", "done"]),
        Refusal(arguments: ["list", "--status", "later"], status: 64, message: ["todo", "doing", "done"]),
        Refusal(arguments: ["due", "--within", "3x"], status: 1, message: ["duration must be Nd or Nw"]),
        Refusal(arguments: ["due", "--within=-1d"], status: 1, message: ["duration must be Nd or Nw"]),
        Refusal(arguments: ["history", "--limit", "-1"], status: 64, message: ["limit"]),
        Refusal(
            arguments: ["import", "other.json"], status: 1, message: ["not a pm export", "format"],
            files: ["other.json": #"{"hello": "world"}"#]),
        Refusal(
            arguments: ["import", "garbage.json"], status: 1, message: ["not a pm export"],
            files: ["garbage.json": "this is { not JSON"]),
        Refusal(
            arguments: ["import", "future.json"], status: 1, message: ["version must be 1"],
            files: ["future.json": #"{"format": "projectmanager-export", "version": 2, "operations": []}"#]),
        Refusal(arguments: ["import", "missing.json"], status: 1, message: ["cannot read missing.json"]),
        // Where and what, in a person's words: not Swift's type names.
        Refusal(
            arguments: ["import", "list.json"], status: 1, message: ["at .operations: expected a list"],
            files: ["list.json": #"{"format": "projectmanager-export", "version": 1, "operations": {}}"#]),
        Refusal(
            arguments: ["list"], status: 1, message: ["PM_NOW must be an ISO 8601 instant"],
            environment: ["PM_NOW": "soon"]),
    ]

    /// Refused once the database is open: only the data can tell.
    static let refusedAfterOpening: [Refusal] = [
        Refusal(arguments: ["edit", cardID, "--title", " "], status: 1, message: [outOfRange]),
        Refusal(
            arguments: ["edit", cardID, "--deadline", "2026-11-20"], status: 1, message: ["may not be before today"]),
        Refusal(
            arguments: ["edit", oldCardID, "--deadline", "2026-11-02"], status: 1, message: ["may not be before today"]),
        Refusal(arguments: ["edit", cardID, "--description", longDescription], status: 1, message: ["at most 1000"]),
        Refusal(arguments: ["show", "ffff0000"], status: 2, message: ["no project has an id starting with ffff0000"]),
        Refusal(arguments: ["move", "ffff0000", "done"], status: 2, message: ["ffff0000"]),
        Refusal(arguments: ["delete", "0bad"], status: 2, message: ["ambiguous", cardID, oldCardID]),
        Refusal(arguments: ["undo"], status: 1, message: ["nothing to undo"]),
        Refusal(arguments: ["redo"], status: 1, message: ["nothing to redo"]),
        Refusal(
            arguments: ["import", "long.json"], status: 1, message: [outOfRange, "got 101"],
            files: ["long.json": try! HandWrittenExport.json([overlongOperation])]),
    ]

    @Test(arguments: refusedBeforeOpening + refusedAfterOpening)
    func badInputIsRefusedWithTheRuleAndChangesNoData(_ refusal: Refusal) throws {
        // Given a board with two cards, and any files the command reads
        let pm = try Self.fixture()
        try refusal.writeFiles(in: pm)
        let cardsBefore = try pm.cards()
        let historyBefore = try pm.succeed(["history", "--json", "--limit", "0"]).stdout

        // When the bad input is given
        let result = try pm.run(refusal.arguments, environment: refusal.environment)

        // Then pm exits with the documented status and a message naming the rule on stderr
        #expect(result.status == refusal.status, "\(result.stderr)")
        for fragment in refusal.message {
            #expect(result.stderr.contains(fragment), "stderr: \(result.stderr)")
        }
        // And the cards and history are as they were
        #expect(try pm.cards() == cardsBefore)
        #expect(try pm.succeed(["history", "--json", "--limit", "0"]).stdout == historyBefore)
    }

    @Test(arguments: refusedBeforeOpening)
    func badInputLeavesTheDatabaseFilesByteForByte(_ refusal: Refusal) throws {
        try Self.checkFilesUntouched(by: refusal)
    }

    @Test(
        arguments: refusedAfterOpening)
    func badInputFoundInTheDatabaseLeavesItsFilesByteForByte(_ refusal: Refusal) throws {
        try Self.checkFilesUntouched(by: refusal)
    }

    static func checkFilesUntouched(by refusal: Refusal) throws {
        // Given a board with two cards, and any files the command reads
        let pm = try fixture()
        try refusal.writeFiles(in: pm)
        let before = DatabaseFiles(pm.databasePath)

        // When the bad input is given
        let result = try pm.run(refusal.arguments, environment: refusal.environment)

        // Then it is refused, and the database files are byte-for-byte what they were
        #expect(result.status == refusal.status, "\(result.stderr)")
        #expect(DatabaseFiles(pm.databasePath) == before)
    }

    @Test func inputAtTheLimitsIsAccepted() throws {
        // Given an empty board on the 21st
        let pm = try PMRunner()

        // When adding titles of exactly 100 characters (Korean and emoji count one per character),
        // a 1000-character description with newlines, and relative deadlines
        let ascii = try pm.add(String(repeating: "a", count: 100))
        let korean = try pm.add(String(repeating: "한", count: 100))
        let emoji = try pm.add(String(repeating: "👩‍💻", count: 100))
        let long = try pm.add("Long", description: String(repeating: "line\n", count: 199) + "12345")
        let spaced = try pm.add("  Spaced out  ", deadline: "+2w")
        let tomorrow = try pm.add("Tomorrow", deadline: "tomorrow")
        let inThreeDays = try pm.add("Soon", deadline: "+3d")

        // Then each is stored as given (titles trimmed) with the deadline the words mean
        #expect(ascii.title.count == 100 && korean.title.count == 100 && emoji.title.count == 100)
        #expect(long.description.count == 1000)
        #expect(spaced.title == "Spaced out")
        #expect(spaced.deadline == "2026-12-05")
        #expect(tomorrow.deadline == "2026-11-22")
        #expect(inThreeDays.deadline == "2026-11-24")
        #expect(ascii.deadline == "2026-11-21")
        #expect(try pm.cards().count == 7)
    }

    @Test func listNamesInCapitalsAndAPlusOnAWindowAreReadAsTheyAreWritten() throws {
        // Given a board with a card due on the 25th, moved to DONE as the board names the list
        let pm = try Self.fixture()
        try pm.succeed(["move", Self.cardID, "DONE"])

        // When the DONE list is asked for in capitals, and what is due within +1w
        let done = try pm.succeed(["list", "--status", "Done"]).stdout
        let due = try pm.run(["due", "--within", "+1w"])

        // Then both are read: the card is in DONE, and the window is a week
        #expect(done.contains("DONE (1)"))
        #expect(due.status == 0, "\(due.stderr)")
    }

    @Test func anImportOfOneOperationSaysOperationInTheSingular() throws {
        let pm = try PMRunner()
        try HandWrittenExport.write([.init(id: Self.cardID, title: "보고서")], to: pm.path("one.json"))

        #expect(
            try pm.succeed(["import", pm.path("one.json")]).stdout == "Imported 1 operation (0 already on this board)\n"
        )
    }

    @Test func anUnchangedPastDeadlineStaysValidOnEdit() throws {
        // Given a card whose deadline, the 1st, has passed
        let pm = try Self.fixture()

        // When its title is edited, and its deadline is "changed" to the same day
        let renamed = try pm.run(["edit", Self.oldCardID, "--title", "Old but renamed", "--json"])
        let same = try pm.run(["edit", Self.oldCardID, "--deadline", "2026-11-01"])

        // Then both are accepted and the deadline stays the 1st
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(same.status == 0, "\(same.stderr)")
        let card = try #require(try pm.card(Self.oldCardID))
        #expect(card.title == "Old but renamed")
        #expect(card.deadline == "2026-11-01")
        #expect(card.overdue)
    }
}

/// A mistyped command is named as such, with the command meant, not blamed on a hidden one.
@Suite struct UnknownCommandTests {
    @Test func aMistypedCommandIsAUsageErrorSuggestingTheNearestCommand() throws {
        let pm = try PMRunner()

        let result = try pm.run(["lsit"])

        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("pm: unknown command \"lsit\". Did you mean \"list\"?"))
        #expect(!result.stderr.contains("overview"))
    }

    @Test func anIDLongerThanAUUIDSaysSoRatherThanNotHex() throws {
        let pm = try PMRunner()

        let result = try pm.run(["show", String(repeating: "a", count: 33)])

        #expect(result.status == 1)
        #expect(result.stderr.contains("id has at most 32 hex digits, got 33"))
    }
}
