import PMDomain
import PMTestSupport
import Testing

/// What a user may type for a deadline, read on 2026-11-21.
@Suite struct DeadlineParsingTests {
    private func parse(_ text: String) throws(RuleViolation) -> Deadline {
        try Deadline(parsing: text, today: today)
    }

    @Test func isoDateIsReadAsThatDay() throws {
        let deadline = try parse("2026-12-01")

        #expect(deadline.components == (2026, 12, 1))
        #expect(deadline.description == "2026-12-01")
    }

    @Test(arguments: ["2028-02-29", "2000-02-29", "2024-02-29"])
    func februaryTwentyNinthOfALeapYearIsAccepted(text: String) throws {
        #expect(try parse(text).description == text)
    }

    @Test(arguments: [
        "2027-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-12-00", "2026-12-32",
        "0000-01-01",
    ])
    func isoDateNamingNoRealDayIsRefused(text: String) {
        let error = violation { try parse(text) }

        // Written in the right form, so the message says what is wrong with the day itself.
        #expect(error?.description == "deadline must be a real date: \(text) is not a day")
        #expect(error?.rule == "deadlineUnreadable")
    }

    @Test(arguments: ["+100001d", "+100001w", "+999999d", "+99999999999999999999d"])
    func aCountPastTheLimitSaysTheLimitRatherThanTheForm(text: String) {
        let error = violation { try parse(text) }

        #expect(error?.description == "deadline must be at most 100000 days or weeks ahead, got \"\(text)\"")
    }

    @Test func todayAndTomorrowCountFromToday() throws {
        #expect(try parse("today") == day("2026-11-21"))
        #expect(try parse("tomorrow") == day("2026-11-22"))
    }

    @Test func tomorrowOnNewYearsEveIsNextYear() throws {
        #expect(try Deadline(parsing: "tomorrow", today: day("2026-12-31")) == day("2027-01-01"))
    }

    @Test(arguments: [
        ("+0d", "2026-11-21"), ("+3d", "2026-11-24"), ("+10d", "2026-12-01"), ("+41d", "2027-01-01"),
        ("+1w", "2026-11-28"), ("+2w", "2026-12-05"), ("+0w", "2026-11-21"),
    ])
    func relativeDaysAndWeeksCountFromToday(text: String, expected: String) throws {
        #expect(try parse(text) == day(expected))
    }

    @Test(arguments: [
        ("TODAY", "2026-11-21"), (" Tomorrow ", "2026-11-22"), ("\ttoday", "2026-11-21"), ("+3D", "2026-11-24"),
        ("+2W", "2026-12-05"), (" 2026-12-01 ", "2026-12-01"),
    ])
    func anyCaseAndSurroundingSpacesAreTolerated(text: String, expected: String) throws {
        #expect(try parse(text) == day(expected))
    }

    @Test(arguments: [
        "", "yesterday", "3d", "-1d", "+d", "+1m", "+ 3d", "+3", "2026/12/01", "26-12-01", "2026-12-1",
        "12/01/2026", "내일", "+３d", "2026-１2-01",
    ])
    func unreadableInputIsRefusedNamingTheAcceptedForms(text: String) {
        let error = violation { try parse(text) }

        #expect(
            error?.description == "deadline must be a date (YYYY-MM-DD), today, tomorrow, +Nd or +Nw, got \"\(text)\"")
        #expect(error?.field == "deadline")
        #expect(error?.rule == "deadlineUnreadable")
    }

    @Test func refusalQuotesTheInputAsTyped() {
        // The message shows what the user typed, not the trimmed, lowercased form
        #expect(violation { try parse(" Soon ") }?.description.hasSuffix("got \" Soon \"") == true)
    }

    @Test
    func doubledSignIsRefused() {
        #expect(violation { try parse("++3d") } != nil)
        #expect(violation { try parse("+-0d") } != nil)
    }

    @Test func pastIsoDateIsReadSinceWhetherItIsAllowedIsAnotherRule() throws {
        #expect(try parse("2026-11-20") == day("2026-11-20"))
    }

    @Test(arguments: ["2026-12-01", "2028-02-29", "0999-01-01", "9999-12-31", "1970-01-01", "1969-12-31"])
    func descriptionReadsBackAsTheSameDay(text: String) throws {
        let deadline = try #require(Deadline(iso: text))

        #expect(deadline.description == text)
        #expect(Deadline(iso: deadline.description) == deadline)
    }

    @Test func everyDayOfTwoCenturiesRoundTripsThroughItsText() {
        // Given every day from 1900-01-01 to 2100-12-31, counted independently of the conversion
        var expected = (year: 1900, month: 1, day: 1)
        var date = Deadline(year: 1900, month: 1, day: 1)!
        var mismatches: [String] = []
        let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        while expected.year <= 2100 {
            let isLeap = expected.year % 4 == 0 && (expected.year % 100 != 0 || expected.year % 400 == 0)
            // Then its parts, its text and the reading of that text agree with the calendar
            if date.components != expected || Deadline(iso: date.description) != date {
                mismatches.append("\(date.daysSince1970): \(date) vs \(expected)")
            }
            let length = expected.month == 2 && isLeap ? 29 : monthLengths[expected.month - 1]
            expected.day += 1
            if expected.day > length { (expected.day, expected.month) = (1, expected.month + 1) }
            if expected.month > 12 { (expected.month, expected.year) = (1, expected.year + 1) }
            date = date.adding(days: 1)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
