import Foundation
import Testing

/// A title that would take over a teammate's terminal never gets in, and one already stored
/// (before the rule) is shown, not obeyed.
@Suite struct ControlCharacterEndToEndTests {
    static let hostile = "\u{1B}]0;HACKED\u{07}\u{1B}[2J제목"

    @Test func addingATitleWithAnEscapeIsRefusedAndChangesNothing() throws {
        // Given an empty board
        let pm = try PMRunner()

        // When a title holding a window-title and a screen-clear sequence is added
        let result = try pm.run(["add", Self.hostile])

        // Then it is refused naming the rule, and the board stays empty
        #expect(result.status == 1)
        #expect(result.stderr == "pm: title may not contain control characters, got U+001B\n")
        #expect(try pm.succeed(["list"]).stdout.contains("TODO (0)"))
    }

    @Test func importingATitleWithANulIsRefusedNamingTheRule() throws {
        // Given an export whose title holds U+0000 (it used to keep only the text before it)
        let pm = try PMRunner()
        try HandWrittenExport.write(
            [.init(id: "0badcafe-0000-4000-8000-000000000001", title: "보고서\u{0}비밀")], to: pm.path("nul.json"))

        // When it is imported
        let result = try pm.run(["import", pm.path("nul.json")])

        // Then nothing is imported and the message names the rule
        #expect(result.status == 1)
        #expect(result.stderr.contains("title may not contain control characters, got U+0000"))
        #expect(try pm.succeed(["list"]).stdout.contains("TODO (0)"))
    }

    @Test func aTitleStoredBeforeTheRuleIsShownEscapedEverywhere() throws {
        // Given a card whose stored title holds escapes, as one pulled before the rule would
        let pm = try PMRunner()
        let added = try pm.succeed(["add", "보고서", "--json"]).stdout
        let id = try #require(added.firstMatch(of: /"id" : "([0-9a-f-]{36})"/)?.output.1)
        let sql = "UPDATE project SET title = char(27) || ']0;HACKED' || char(7) || char(27) || '[2J' || title;"
        let sqlite = try pm.run([pm.databasePath, sql], executable: URL(fileURLWithPath: "/usr/bin/sqlite3"))
        try #require(sqlite.status == 0, "sqlite3: \(sqlite.stderr)")

        // When the board is listed, the card shown, and read as JSON
        let list = try pm.succeed(["list"]).stdout
        let show = try pm.succeed(["show", String(id)]).stdout
        let json = try pm.succeed(["list", "--json"]).stdout

        // Then no escape reaches the terminal: each is named where it stood
        for text in [list, show, json] {
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        }
        #expect(list.contains("<U+001B>]0;HACKED<U+0007><U+001B>[2J보고서"))
        #expect(show.contains("<U+001B>]0;HACKED<U+0007><U+001B>[2J보고서"))
        // And JSON keeps the exact text, escaped as JSON escapes it
        #expect(json.contains(#"\u001b]0;HACKED\u0007\u001b[2J보고서"#))
    }
}
