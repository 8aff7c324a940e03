import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct DeadlineCalendarTests {
    @Test func daysAreCountedFromTheFirstOfJanuary1970() {
        #expect(day("1970-01-01").daysSince1970 == 0)
        #expect(day("1969-12-31").daysSince1970 == -1)
        // 30 years of 365 days and 7 leap days, then January and a leap February
        #expect(day("2000-03-01").daysSince1970 == 30 * 365 + 7 + 31 + 29)
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-01"), ("2026-12-31", 1, "2027-01-01"), ("2028-02-28", 1, "2028-02-29"),
        ("2028-02-28", 2, "2028-03-01"), ("2027-02-28", 1, "2027-03-01"), ("2027-01-01", -1, "2026-12-31"),
        ("2026-11-21", 41, "2027-01-01"), ("2028-03-01", -1, "2028-02-29"),
    ])
    func addingDaysCrossesMonthAndYearEnds(start: String, days: Int, expected: String) {
        #expect(day(start).adding(days: days) == day(expected))
    }

    @Test func daysUntilCountsLeapDays() {
        // 2027 has no 29 February, the year to 2028-11-21 has one
        #expect(day("2026-11-21").days(until: day("2027-11-21")) == 365)
        #expect(day("2027-11-21").days(until: day("2028-11-21")) == 366)
        #expect(day("2026-12-03").days(until: day("2026-12-01")) == -2)
    }

    @Test func laterDaysCompareGreater() {
        #expect(day("2026-11-30") < day("2026-12-01"))
        #expect(day("2026-12-31") < day("2027-01-01"))
        #expect(!(day("2026-12-01") < day("2026-12-01")))
    }

    @Test func partsNamingNoRealDayGiveNoDate() {
        #expect(Deadline(year: 2026, month: 2, day: 29) == nil)
        #expect(Deadline(year: 2026, month: 2, day: 30) == nil)
        #expect(Deadline(year: 0, month: 1, day: 1) == nil)
        #expect(Deadline(year: 10_000, month: 1, day: 1) == nil)
        #expect(Deadline(year: 2028, month: 2, day: 29) == day("2028-02-29"))
    }

    @Test func instantLateInTheUTCDayIsTheNextDayInSeoul() {
        // Given 23:30 UTC on 21 November, which is 08:30 on the 22nd in Seoul (UTC+9)
        let moment = instant("2026-11-21T23:30:00Z")

        // Then the day depends on where the user is
        #expect(Deadline(containing: moment, in: TimeZone(identifier: "Asia/Seoul")!) == day("2026-11-22"))
        #expect(Deadline(containing: moment, in: TimeZone(identifier: "UTC")!) == day("2026-11-21"))
    }

    @Test func instantEarlyInTheUTCDayIsThePreviousDayWestOfGreenwich() {
        // 02:00 UTC is 18:00 the evening before in Los Angeles (UTC-8 in November)
        let moment = instant("2026-11-21T02:00:00Z")

        #expect(Deadline(containing: moment, in: TimeZone(identifier: "America/Los_Angeles")!) == day("2026-11-20"))
    }

    @Test func dayIsReadWithTheOffsetInForceAtThatInstant() {
        // Los Angeles moves to UTC-7 on 2026-03-08: 07:30 UTC on the 9th is 00:30 there, not 23:30
        let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

        #expect(Deadline(containing: instant("2026-03-09T07:30:00Z"), in: losAngeles) == day("2026-03-09"))
        #expect(Deadline(containing: instant("2026-03-08T07:30:00Z"), in: losAngeles) == day("2026-03-07"))
    }

    @Test func midnightBelongsToTheDayItStarts() {
        let utc = TimeZone(identifier: "UTC")!

        #expect(Deadline(containing: instant("2026-11-22T00:00:00Z"), in: utc) == day("2026-11-22"))
        #expect(Deadline(containing: instant("2026-11-21T23:59:59Z"), in: utc) == day("2026-11-21"))
        #expect(Deadline(containing: instant("1969-12-31T12:00:00Z"), in: utc) == day("1969-12-31"))
    }

    @Test func environmentTodayIsTheDayInTheUsersTimeZone() {
        let seoul = Environment(
            now: { instant("2026-11-21T23:30:00Z") }, uuid: { .counted(1) },
            timeZone: TimeZone(identifier: "Asia/Seoul")!, clock: TestClock(), random: { 0 })

        #expect(seoul.today == day("2026-11-22"))
        #expect(seoul.wallTime == 1_795_303_800_000)
    }

    @Test func deadlineEncodesAsAnIsoDateString() throws {
        let json = try JSONEncoder().encode([day("2028-02-29"), day("0999-01-05")])

        #expect(String(decoding: json, as: UTF8.self) == #"["2028-02-29","0999-01-05"]"#)
    }

    @Test func deadlineDecodesFromAnIsoDateString() throws {
        let decoded = try JSONDecoder().decode([Deadline].self, from: Data(#"["2026-12-01"]"#.utf8))

        #expect(decoded == [day("2026-12-01")])
    }

    @Test(arguments: [#""2027-02-29""#, #""tomorrow""#, #""2026-12-1""#, #""""#, "20261201", "null"])
    func deadlineDecodingRefusesAnythingButARealIsoDate(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Deadline].self, from: Data("[\(json)]".utf8))
        }
    }
}
