import Foundation
import Testing

/// `pm` and `pm list` as people read them: three lists with counts, cards in deadline order.
@Suite struct BoardOutputTests {
    @Test func boardShowsTheThreeListsWithTheirCounts() throws {
        // Given two cards in TODO, one in DOING and none in DONE
        let pm = try PMRunner()
        try pm.add("Write spec")
        try pm.add("Review spec")
        let started = try pm.add("Ship it")
        try pm.succeed(["move", started.id, "doing"])

        // When the board is printed
        let board = try pm.succeed([])

        // Then each list is headed with its name and count, in TODO, DOING, DONE order
        let headings = board.lines.filter { !$0.hasPrefix(" ") }
        #expect(headings == ["TODO (2)", "DOING (1)", "DONE (0)"])
        let doing = try #require(board.lines.firstIndex(of: "DOING (1)"))
        #expect(board.lines[doing + 1].contains("Ship it"))
        #expect(board.lines[1..<doing].allSatisfy { !$0.contains("Ship it") })
        // And `pm list` prints the same board
        #expect(try pm.succeed(["list"]).stdout == board.stdout)
    }

    @Test func cardsAreInDeadlineOrderThenCreationOrder() throws {
        // Given cards added in an order that is not their deadline order
        let pm = try PMRunner()
        let late = try pm.add("Late", deadline: "2026-11-30", now: "2026-11-21T09:00:00Z")
        let soon = try pm.add("Soon", deadline: "2026-11-22", now: "2026-11-21T09:01:00Z")
        let soonToo = try pm.add("Soon too", deadline: "tomorrow", now: "2026-11-21T09:02:00Z")
        let today = try pm.add("Today", now: "2026-11-21T09:03:00Z")

        // When the board is listed
        let lines = try pm.succeed(["list"]).lines

        // Then each card line shows its short id, title and deadline, earliest deadline first and
        // the older card first when deadlines tie
        let expected = [(today, "2026-11-21"), (soon, "2026-11-22"), (soonToo, "2026-11-22"), (late, "2026-11-30")]
        let cardLines = lines.filter { $0.hasPrefix(" ") }
        try #require(cardLines.count == expected.count, "\(lines)")
        for (line, (card, deadline)) in zip(cardLines, expected) {
            let words = line.split(separator: " ")
            let shortID = String(words[0])
            #expect(shortID.count >= 4 && card.id.hasPrefix(shortID), "\(line)")
            #expect(line.contains(card.title))
            #expect(line.hasSuffix(deadline))
        }
    }

    @Test func overdueDeadlinesAreMarkedWhenStdoutIsNotATerminal() throws {
        // Given a card due on the 19th, one due on the 25th, and a finished card due on the 19th
        let pm = try PMRunner()
        try pm.add("Late report", now: "2026-11-19T09:00:00Z")
        try pm.add("Future plan", deadline: "2026-11-25", now: "2026-11-19T09:00:00Z")
        let finished = try pm.add("Finished work", now: "2026-11-19T09:00:00Z")
        try pm.succeed(["move", finished.id, "done"], now: "2026-11-19T10:00:00Z")

        // When the board is listed on the 21st
        let lines = try pm.succeed(["list"], now: "2026-11-21T09:00:00Z").lines

        // Then only the late card that is not done has its deadline followed by " !"
        let late = try #require(lines.first { $0.contains("Late report") })
        #expect(late.hasSuffix("2026-11-19 !"))
        let future = try #require(lines.first { $0.contains("Future plan") })
        #expect(future.hasSuffix("2026-11-25"))
        let done = try #require(lines.first { $0.contains("Finished work") })
        #expect(done.hasSuffix("2026-11-19"))
        // And no colour codes are written to a file or pipe
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func listFiltersByStatusAndOverdue() throws {
        // Given a late card, a card in DOING and a card due later
        let pm = try PMRunner()
        try pm.add("Late report", now: "2026-11-19T09:00:00Z")
        let busy = try pm.add("Busy", deadline: "2026-11-30")
        try pm.succeed(["move", busy.id, "doing"])
        try pm.add("Later", deadline: "2026-11-30")

        // When listing one status, and only overdue cards
        let doing = try pm.succeed(["list", "--status", "doing"]).lines
        let overdue = try pm.succeed(["list", "--overdue", "--json"]).objects()

        // Then only that list, and only the late card, are shown
        #expect(doing.first == "DOING (1)")
        #expect(doing.count == 2 && doing[1].contains("Busy"))
        #expect(overdue.map { $0["title"] as? String } == ["Late report"])
    }

    @Test func wideTitlesKeepTheDeadlineColumnAligned() throws {
        // Given Korean, emoji, Japanese and plain titles spread over the three lists
        let pm = try PMRunner()
        try pm.add("한글 제목")
        try pm.add("👩‍💻", deadline: "2026-11-22")
        try pm.add("Plain title", deadline: "2026-11-23")
        let moved = try pm.add("漢字とかな mix 🚀", deadline: "2026-11-24")
        try pm.succeed(["move", moved.id, "done"])
        let doing = try pm.add("x", deadline: "2026-11-24")
        try pm.succeed(["move", doing.id, "doing"])
        // And titles too long for the column, one of them wide
        try pm.add(String(repeating: "한", count: 40), deadline: "2026-11-25")
        try pm.add(String(repeating: "w", count: 100), deadline: "2026-11-25")

        // When the board is printed
        let cardLines = try pm.succeed([]).lines.filter { $0.hasPrefix(" ") }

        // Then the deadline starts at the same display column on every card line
        try #require(cardLines.count == 7)
        let starts = try cardLines.map { line in
            let match = try #require(line.firstMatch(of: #/\d{4}-\d{2}-\d{2}( !)?$/#), "\(line)")
            return TerminalColumns.width(line[..<match.range.lowerBound])
        }
        #expect(Set(starts).count == 1, "deadline columns \(starts) in\n\(cardLines.joined(separator: "\n"))")
        for title in ["한글 제목", "👩‍💻", "Plain title", "漢字とかな mix 🚀"] {
            #expect(cardLines.contains { $0.contains(title) })
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func overdueDeadlinesAreRedOnATerminalUnlessNoColorIsSet() throws {
        // Given a card that is overdue on the 21st
        let pm = try PMRunner()
        try pm.add("Late report", now: "2026-11-19T09:00:00Z")
        let script = URL(fileURLWithPath: "/usr/bin/script")
        let command = ["-qec", "'\(PMRunner.binary.path)' list", "/dev/null"]

        // When listing on a terminal (a pseudo-terminal from script(1)), with and without NO_COLOR
        let coloured = try pm.run(command, environment: ["NO_COLOR": nil], executable: script)
        let plain = try pm.run(command, environment: ["NO_COLOR": "1"], executable: script)

        // Then the deadline is drawn red, and with NO_COLOR it carries no colour but is still marked
        #expect(coloured.status == 0 && plain.status == 0)
        #expect(coloured.stdout.contains("\u{1B}[31m2026-11-19"))
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(plain.stdout.contains("2026-11-19 !"))
    }
}

/// Display width counted independently of the product's code: East Asian wide characters and
/// emoji take two columns, everything else one.
enum TerminalColumns {
    static func width(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    static func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
                0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                true
            default:
                false
            }
        }
    }
}
