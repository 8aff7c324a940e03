import Foundation
import PMDomain
import PMTestSupport

/// The field rules, every one broken once, with the CLI's exact messages.
struct WebRuleVectors: Encodable {
    struct Case<Input: Encodable, Value: Encodable>: Encodable {
        var input: Input
        var outcome: WebVectors.Outcome<Value>
    }
    struct Input: Encodable {
        var title: String?
        var deadline: String?
        var description: String?
    }
    struct Card: Encodable {
        var title: String
        var description: String
        var deadline: Deadline
    }
    struct Edit: Encodable {
        var project: Card
        var input: Input
    }

    var today: Deadline
    var titles: [Case<String, String>]
    var descriptions: [Case<String, String>]
    var deadlines: [Case<String, Deadline>]
    var statuses: [Case<String, Status>]
    var days: [Case<Int, Deadline>]
    var creates: [Case<Input, ProjectFields>]
    var edits: [Case<Edit, ProjectFields>]
    /// Operations as a push carries them, checked as the server checks them (`true`: accepted).
    var operations: [Case<ProjectOperation, Bool>]

    static func make() -> WebRuleVectors {
        let today = WebVectors.today
        // Every candidate for "white space" around a title, trimmed by Swift or not.
        let spaces: [UInt32] =
            [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1F, 0x20, 0x85, 0xA0, 0x1680, 0x180E]
            + Array(0x2000...0x200D) + [0x2028, 0x2029, 0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF]
        let padded = spaces.map { code -> String in
            let space = String(Character(Unicode.Scalar(code)!))
            return space + "x" + space
        }
        let titles =
            [
                "Write spec", "  Write spec  ", "\tWrite spec\n", "", "   ", "\n", "Line one\nLine two",
                "Line one\r\nLine two", "a\u{2028}b", "a\u{85}b", "a\u{0B}b", "a\u{0C}b", "a\rb", "Line\r\n", "한글",
                "👩‍💻", "스펙 작성", "배포 준비 🚀", " \u{301}x", "x \u{301}", String(repeating: "a", count: 100),
                String(repeating: "a", count: 101), String(repeating: "가", count: 100),
                String(repeating: "가", count: 101), String(repeating: "👩‍💻", count: 100),
                String(repeating: "👩‍💻", count: 101), String(repeating: "e\u{301}", count: 100),
                String(repeating: "e\u{301}", count: 101), String(repeating: "🇰🇷", count: 101),
                String(repeating: "한", count: 34) + String(repeating: "ᄒ\u{1161}\u{11AB}", count: 67),
                " " + String(repeating: "a", count: 100) + " ",
                // Control characters: a terminal's window title and screen clear, NUL, tab, DEL, C1's CSI.
                "\u{1B}]0;HACKED\u{07}\u{1B}[2J제목", "a\u{0}b", "a\tb", "a\u{7F}b", "a\u{9B}b", "\u{1C}제목",
            ] + padded
        let descriptions = [
            "", "  notes  ", "\n\nfirst\n\nsecond\n\n", "첫 줄\n둘째 줄", String(repeating: "a", count: 1000),
            String(repeating: "a", count: 1001), String(repeating: "가", count: 1000),
            String(repeating: "가", count: 1001), String(repeating: "👩‍💻", count: 1000),
            String(repeating: "👩‍💻", count: 1001), String(repeating: "e\u{301}", count: 1001),
            "\n" + String(repeating: "a", count: 1000) + "\n", String(repeating: "\r\n", count: 1001) + "x",
            "a\tb", "첫 줄\r\n둘째 줄", "a\u{0}b", "\u{1B}[2J", "a\u{0B}b", "a\u{0C}b", "a\u{85}b", "a\u{7F}",
            "a\u{9F}b",
        ]
        let deadlines = [
            "2026-12-01", " 2026-12-01 ", "\t2026-11-21\n", "2026-02-29", "2028-02-29", "2100-02-29", "2000-02-29",
            "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "0001-01-01", "9999-12-31", "2026-1-01",
            "2026-12-1", "2026/12/01", "2026-12-01T00:00", "today", "TODAY", " Tomorrow ", "+3d", "+2w", "+0d",
            "+0w", "+3D", "+2W", "+100000d", "+100001d", "+14286w", "+14287w", "+99999999999999999999d", "3d",
            "+d", "+3x", "+-3d", "-3d", "+ 3d", "+3 d", "+٣d", "+３d", "２０２６-12-01", "yesterday", "", "  ",
            "+1d\u{301}", "2026-02-30", "+999999d", "-1d",
        ]
        let days = [-719_162, -1, 0, 1, 59, 10_956, 11_016, 20_778, 20_779, 2_932_896]
        let input = { (title: String?, deadline: String?, description: String?) in
            Input(title: title, deadline: deadline, description: description)
        }
        let creates = [
            input("Write spec", nil, nil), input("  Write spec ", "tomorrow", "  notes\n"),
            input(nil, "2026-12-01", nil), input("", nil, nil), input("Two\nlines", nil, nil),
            input(String(repeating: "가", count: 101), nil, nil), input("Ok", "someday", nil),
            input("Ok", "2026-11-20", nil), input("Ok", "+0d", nil), input("Ok", "2026-11-21", ""),
            input("Ok", nil, String(repeating: "👩‍💻", count: 1001)), input("", "someday", "x"),
            input("Ok", "2026-11-20", String(repeating: "a", count: 1001)), input("👩‍💻 한글", "+1w", "첫 줄\n둘째 줄"),
        ]
        let card = Card(title: "Write spec", description: "notes", deadline: Deadline(year: 2026, month: 11, day: 1)!)
        let edits = [
            input(nil, nil, nil), input("Write spec", nil, nil), input("  Write spec  ", nil, " notes "),
            input("Rewrite spec", nil, nil), input("", nil, nil), input("a\nb", nil, nil),
            input(nil, "2026-11-01", nil), input(nil, "2026-11-02", nil), input(nil, "today", nil),
            input(nil, "+1d", nil), input(nil, "never", nil), input(nil, nil, ""),
            input(nil, nil, String(repeating: "a", count: 1001)), input("New", "2026-11-20", "more"),
        ].map { Edit(project: card, input: $0) }
        return WebRuleVectors(
            today: today,
            titles: titles.map { text in
                Case(input: text, outcome: .init { () throws(RuleViolation) in try ProjectRules.title(text) })
            },
            descriptions: descriptions.map { text in
                Case(input: text, outcome: .init { () throws(RuleViolation) in try ProjectRules.description(text) })
            },
            deadlines: deadlines.map { text in
                Case(
                    input: text,
                    outcome: .init { () throws(RuleViolation) in try Deadline(parsing: text, today: today) })
            },
            statuses: ["todo", "DOING", "Done", "later", "", " todo"].map { text in
                Case(input: text, outcome: .init { () throws(RuleViolation) in try Status(parsing: text) })
            },
            days: days.map { count in Case(input: count, outcome: .init { Deadline(daysSince1970: count) }) },
            creates: creates.map { given in
                Case(
                    input: given,
                    outcome: .init { () throws(RuleViolation) in
                        try ProjectInput(title: given.title, deadline: given.deadline, description: given.description)
                            .newProject(today: today)
                    })
            },
            edits: edits.map { edit in
                let project = Project(
                    id: WebVectors.id(1), title: edit.project.title, description: edit.project.description,
                    deadline: edit.project.deadline, status: .todo, createdAt: Date(timeIntervalSince1970: 0),
                    updatedAt: Date(timeIntervalSince1970: 0))
                let given = edit.input
                return Case(
                    input: edit,
                    outcome: .init { () throws(RuleViolation) in
                        try ProjectInput(title: given.title, deadline: given.deadline, description: given.description)
                            .edit(of: project, today: today)
                    })
            },
            operations: operations())
    }

    static func operations() -> [Case<ProjectOperation, Bool>] {
        let device = WebVectors.id(0xD1)
        let latest = ProjectOperation.wallTimeMaximum
        let cases: [(Int64, ProjectFields)] = [
            (WebVectors.noon, ProjectFields(title: "Write spec", deadline: WebVectors.today, status: .doing)),
            (WebVectors.noon, ProjectFields()), (latest, ProjectFields(deleted: true)),
            (latest + 1, ProjectFields(deleted: false)), (latest + 1, ProjectFields()),
            (WebVectors.noon, ProjectFields(title: " Write spec")), (WebVectors.noon, ProjectFields(title: "")),
            (WebVectors.noon, ProjectFields(title: "a\nb")),
            (WebVectors.noon, ProjectFields(title: String(repeating: "한", count: 101))),
            (WebVectors.noon, ProjectFields(description: "notes\n")),
            (WebVectors.noon, ProjectFields(description: String(repeating: "👩‍💻", count: 1001))),
            (WebVectors.noon, ProjectFields(title: "Ok", description: "\u{200B}x")),
            (WebVectors.noon, ProjectFields(title: "\u{1B}]52;c;aGk=\u{07}x")),
            (WebVectors.noon, ProjectFields(description: "a\u{0}b")),
            (0, ProjectFields(description: "")),
        ]
        return cases.enumerated().map { number, given in
            let operation = ProjectOperation(
                id: WebVectors.id(0x2000 + UInt64(number)), projectID: WebVectors.id(0x100),
                timestamp: HybridTimestamp(wallTime: given.0, counter: 0, device: device), fields: given.1)
            return Case(input: operation, outcome: .init { () throws(RuleViolation) in try operation.validate() == () })
        }
    }
}
