import Foundation
import PMCalendar
import Testing

/// DATE and DATE-TIME values, and the day a DUE falls on.
@Suite struct ICalendarTimeTests {
    private func time(_ line: String) throws -> ICalendarTime {
        let calendar = try ICalendarReader.read(ics("BEGIN:V", line, "END:V"))
        return try ICalendarTime(calendar.properties[0])
    }

    @Test func aValueDateIsADay() throws {
        #expect(try time("DUE;VALUE=DATE:20261201") == .date(day("2026-12-01")))
    }

    @Test func eightDigitsWithoutValueDateAreStillReadAsADay() throws {
        #expect(try time("DUE:20261201") == .date(day("2026-12-01")))
    }

    @Test func aTrailingZIsUTC() throws {
        #expect(try time("DUE:20261201T093000Z") == .utc(instant("2026-12-01T09:30:00Z")))
    }

    @Test func noZAndNoTZIDIsFloating() throws {
        #expect(
            try time("DUE:20261201T093000")
                == .floating(LocalTime(day: day("2026-12-01"), hour: 9, minute: 30, second: 0)))
    }

    @Test func aTZIDIsResolvedByFoundation() throws {
        let value = try time("DUE;TZID=Asia/Seoul:20261201T093000")

        #expect(value == .zoned(LocalTime(day: day("2026-12-01"), hour: 9, minute: 30, second: 0), seoul))
        #expect(value.instant(floatingIn: berlin) == instant("2026-12-01T00:30:00Z"))
    }

    @Test func anUnknownTZIDIsAnErrorThatNamesIt() {
        let error = #expect(throws: CalendarError.self) { try time("DUE;TZID=Mars/Olympus:20261201T093000") }

        #expect(error?.description == "DUE: unknown time zone TZID=Mars/Olympus")
    }

    @Test(arguments: [
        "DUE:2026-12-01", "DUE:20261301", "DUE:20260230", "DUE:20261201T250000", "DUE:20261201T0930",
        "DUE;VALUE=DATE:20261201T093000", "DUE;VALUE=DATE-TIME:20261201", "DUE;VALUE=PERIOD:20261201", "DUE:tomorrow",
        "DUE:",
    ])
    func aValueThatIsNotADateIsRefusedNamingTheRule(line: String) {
        let error = #expect(throws: CalendarError.self) { try time(line) }

        #expect(error?.field == "deadline")
        #expect(error?.description.hasPrefix("DUE must be a date (YYYYMMDD) or a date-time") == true)
    }

    @Test func aDateIsItsOwnDayInAnyZone() throws {
        #expect(try time("DUE;VALUE=DATE:20261201").day(in: seoul) == day("2026-12-01"))
        #expect(
            try time("DUE;VALUE=DATE:20261201").day(in: TimeZone(identifier: "Pacific/Honolulu")!) == day("2026-12-01"))
    }

    @Test func aUTCDateTimeFallsOnTheDayOfItsInstantInTheCardsZone() throws {
        // 2026-11-30T20:00Z is already 1 December in Seoul (UTC+9), still 30 November in Berlin.
        let value = try time("DUE:20261130T200000Z")

        #expect(value.day(in: seoul) == day("2026-12-01"))
        #expect(value.day(in: berlin) == day("2026-11-30"))
    }

    @Test func aZonedDateTimeIsMadeAnInstantThenReadInTheCardsZone() throws {
        let value = try time("DUE;TZID=Asia/Seoul:20261201T050000")

        #expect(value.day(in: seoul) == day("2026-12-01"))
        #expect(value.day(in: berlin) == day("2026-11-30"))
    }

    @Test func aFloatingDateTimeIsItsWrittenDayInTheCardsZone() throws {
        #expect(try time("DUE:20261201T235959").day(in: seoul) == day("2026-12-01"))
        #expect(try time("DUE:20261201T000000").day(in: berlin) == day("2026-12-01"))
    }

    @Test func aReadingSkippedBySpringForwardIsTakenWithTheEarlierOffset() {
        // Berlin jumps from 02:00 to 03:00 on 2026-03-29: 02:30 does not exist there.
        let local = LocalTime(day: day("2026-03-29"), hour: 2, minute: 30, second: 0)

        #expect(local.instant(in: berlin) == instant("2026-03-29T01:30:00Z"))
    }

    @Test func aReadingThatOccursTwiceIsTakenAsItsFirstOccurrence() {
        // Berlin falls back from 03:00 to 02:00 on 2026-10-25: 02:30 happens twice.
        let local = LocalTime(day: day("2026-10-25"), hour: 2, minute: 30, second: 0)

        #expect(local.instant(in: berlin) == instant("2026-10-25T00:30:00Z"))
    }

    @Test func valuesAreWrittenInTheirOwnForm() {
        let local = LocalTime(day: day("2026-12-01"), hour: 9, minute: 5, second: 7)

        #expect(
            ICalendarWriter.contentLine(ICalendarTime.date(day("2026-12-01")).property("DUE"))
                == "DUE;VALUE=DATE:20261201")
        #expect(
            ICalendarWriter.contentLine(ICalendarTime.utc(instant("2026-12-01T09:05:07Z")).property("DTSTAMP"))
                == "DTSTAMP:20261201T090507Z")
        #expect(ICalendarWriter.contentLine(ICalendarTime.floating(local).property("DUE")) == "DUE:20261201T090507")
        #expect(
            ICalendarWriter.contentLine(ICalendarTime.zoned(local, seoul).property("DUE"))
                == "DUE;TZID=Asia/Seoul:20261201T090507")
    }
}
