import Foundation
import Testing

/// `pm due`: overdue cards and those due within a window.
@Suite struct DueTests {
    /// A board on the 21st: one card overdue, one due each of today, tomorrow and the 26th,
    /// and two done cards (one past its deadline, one due today) that are never due.
    static func board() throws -> PMRunner {
        let pm = try PMRunner()
        try pm.add("Overdue", now: "2026-11-19T09:00:00Z")
        let doneLate = try pm.add("Done late", now: "2026-11-19T09:00:00Z")
        try pm.succeed(["move", doneLate.id, "done"], now: "2026-11-19T10:00:00Z")
        try pm.add("Today")
        try pm.add("Tomorrow", deadline: "tomorrow")
        try pm.add("Next week", deadline: "2026-11-26")
        let doneToday = try pm.add("Done today")
        try pm.succeed(["move", doneToday.id, "done"])
        return pm
    }

    static func dueTitles(_ pm: PMRunner, _ extra: [String] = []) throws -> [String] {
        try pm.succeed(["due", "--json"] + extra).objects().compactMap { $0["title"] as? String }
    }

    @Test func byDefaultOverdueAndTodayAreDue() throws {
        // Given the board on the 21st
        let pm = try Self.board()

        // When asking what is due
        let titles = try Self.dueTitles(pm)

        // Then the overdue card and today's card are, in deadline order, and no done card is
        #expect(titles == ["Overdue", "Today"])
    }

    @Test func aTwoDayWindowIncludesTomorrow() throws {
        // Given the board on the 21st
        let pm = try Self.board()

        // When asking what is due within 2 days
        let titles = try Self.dueTitles(pm, ["--within", "2d"])

        // Then tomorrow's card is included, and the 26th is not
        #expect(titles == ["Overdue", "Today", "Tomorrow"])
    }

    @Test func aWeekWindowIncludesTheNextSevenDays() throws {
        // Given the board on the 21st
        let pm = try Self.board()

        // When asking what is due within a week
        let titles = try Self.dueTitles(pm, ["--within", "1w"])

        // Then the card due on the 26th is included, still no done card
        #expect(titles == ["Overdue", "Today", "Tomorrow", "Next week"])
    }

    @Test func theTextListSeparatesOverdueFromDueSoon() throws {
        // Given the board on the 21st
        let pm = try Self.board()

        // When asking what is due, as text
        let lines = try pm.succeed(["due"]).lines

        // Then the overdue card is marked and listed before today's, and done cards are absent
        let overdue = try #require(lines.firstIndex { $0.contains("Overdue") && $0.hasPrefix(" ") })
        let today = try #require(lines.firstIndex { $0.contains("Today") && $0.hasPrefix(" ") })
        #expect(overdue < today)
        #expect(lines[overdue].contains("2026-11-19 !"))
        #expect(!lines.contains { $0.contains("Done") || $0.contains("Tomorrow") })
    }

    @Test func theDayTurnsOverWithTheTimeZone() throws {
        // Given a card due on the 21st, added at 09:00 UTC
        let pm = try PMRunner()
        try pm.add("Today in UTC")

        // When it is 23:30 UTC on the 21st, which is already the 22nd in Seoul
        let utc = try Self.dueTitles(pm).count
        let seoul = try pm.succeed(["due", "--json"], now: "2026-11-21T23:30:00Z", environment: ["TZ": "Asia/Seoul"])
            .objects()

        // Then it is due today in UTC but overdue in Seoul
        #expect(utc == 1)
        #expect(seoul.first?["overdue"] as? Bool == true)
    }
}
