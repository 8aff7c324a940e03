import Foundation
import PMDomain
import PMTestSupport
import Testing

/// Titles and descriptions refuse the characters a terminal obeys instead of showing (C0, DEL,
/// C1): a title that retitles every teammate's window or clears their screen is not a title.
@Suite struct ControlCharacterRuleTests {
    @Test(arguments: [
        ("\u{1B}]0;HACKED\u{07}\u{1B}[2J제목", "U+001B"), ("a\u{0}b", "U+0000"), ("a\tb", "U+0009"),
        ("a\u{7F}b", "U+007F"), ("a\u{9B}2J", "U+009B"), ("\u{1C}제목", "U+001C"),
    ])
    func titleWithAControlCharacterIsRefusedNamingIt(typed: String, named: String) {
        let error = violation { try ProjectRules.title(typed) }

        #expect(error?.rule == "titleControl")
        #expect(error?.field == "title")
        #expect(error?.description == "title may not contain control characters, got \(named)")
    }

    @Test(arguments: ["a\u{0}b", "\u{1B}[2J", "a\u{0B}b", "a\u{0C}b", "a\u{85}b", "a\u{7F}", "a\u{9F}b"])
    func descriptionWithAControlCharacterOtherThanNewlineOrTabIsRefused(typed: String) {
        let error = violation { try ProjectRules.description(typed) }

        #expect(error?.rule == "descriptionControl")
        #expect(
            error?.description.hasPrefix(
                "description may not contain control characters other than newline and tab, got U+") == true)
    }

    @Test func descriptionKeepsTabsAndLineBreaksAsTyped() throws {
        // Given a description with a tab, a line feed and a browser's CR-LF
        let typed = "첫 줄\t끝\n둘째 줄\r\n셋째 줄"

        // When it is checked, then it is stored as typed
        #expect(try ProjectRules.description(typed) == typed)
    }

    @Test func inputAndOperationsAreRefusedButPulledOperationsAreKept() throws {
        // Given an operation a server stored before the rule, with an escape in its title
        let operation = ProjectOperation(
            id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!,
            projectID: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!,
            timestamp: HybridTimestamp(
                wallTime: 1_000, counter: 0, device: UUID(uuidString: "00000000-0000-4000-8000-000000000003")!),
            fields: ProjectFields(title: "\u{1B}[2J보고서"))

        // Then a push or an import of it is refused, naming the rule
        #expect(violation { try operation.validate() }?.rule == "titleControl")
        // And a pull of it is not: refusing it would stop every device's sync for ever
        try operation.validate(allowingControlCharacters: true)
        // And what a user types is refused all the same
        #expect(
            violation { try ProjectInput(title: "\u{1B}[2J보고서").newProject(today: Deadline(daysSince1970: 0)) }?.rule
                == "titleControl")
    }
}
