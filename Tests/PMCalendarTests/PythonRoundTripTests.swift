import Foundation
import PMCalendar
import PMDomain
import Testing

/// What this module writes, python `icalendar` reads as meant; what python writes, this module
/// reads as meant: Korean, emoji, long folded lines, every escaped character, time zones.
@Suite(.enabled(if: PythonICalendar.isAvailable, PythonICalendar.skipMessage))
struct PythonRoundTripTests {
    private let title = "회의 준비 😀👩‍👩‍👧, a; b \\ c"
    private let description =
        "줄 하나\n줄 둘; 세미콜론, 쉼표 \\ 백슬래시 \\n 글자\n"
        + String(repeating: "긴 줄 😀 long line, ", count: 12) + "끝"

    @Test func pythonReadsAWrittenCardsFieldsAsTheBoardHasThem() throws {
        let project = card(title: title, description: description, status: .done)

        let read = try PythonICalendar.read(ICalendarWriter.write(CardCalendar.calendar(for: project)))

        #expect(read["VTODO.SUMMARY"] == title)
        #expect(read["VTODO.DESCRIPTION"] == description)
        #expect(read["VTODO.DUE"] == "2026-12-01")
        #expect(read["VTODO.DUE;VALUE"] == "DATE")
        #expect(read["VTODO.UID"] == "0a1b2c3d-0000-4000-8000-00000000cafe")
        #expect(read["VTODO.STATUS"] == "COMPLETED")
        #expect(read["VTODO.COMPLETED"] == "2026-11-21T10:30:00+00:00 UTC")
        #expect(read["VTODO.PERCENT-COMPLETE"] == "100")
        #expect(read["VTODO.CREATED"] == "2026-11-20T09:00:00+00:00 UTC")
        #expect(read["VCALENDAR.VERSION"] == "2.0")
    }

    @Test func pythonReadsZonedFloatingAndQuotedValuesAsWritten() throws {
        let local = LocalTime(day: day("2026-12-01"), hour: 9, minute: 30, second: 0)
        let todo = ICalendarComponent(
            name: "VTODO",
            properties: [
                ICalendarProperty(name: "UID", rawValue: "u1"),
                ICalendarTime.zoned(local, seoul).property("DUE"),
                ICalendarTime.floating(local).property("DTSTART"),
                ICalendarProperty(
                    name: "CATEGORIES", rawValue: ICalendarText.escape("work") + "," + ICalendarText.escape("한글,태그")),
                ICalendarProperty(
                    name: "X-NOTE", parameters: [ICalendarParameter(name: "X-WHERE", value: "Seoul: 3F, room ; 2")],
                    text: String(repeating: "🎉 축하, ", count: 20)),
            ],
            components: [
                ICalendarComponent(
                    name: "VALARM",
                    properties: [
                        ICalendarProperty(name: "ACTION", rawValue: "DISPLAY"),
                        ICalendarProperty(name: "TRIGGER", rawValue: "-PT15M"),
                    ])
            ])
        let calendar = ICalendarComponent(
            name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", rawValue: "2.0")], components: [todo])

        let read = try PythonICalendar.read(ICalendarWriter.write(calendar))

        #expect(read["VTODO.DUE"] == "2026-12-01T09:30:00+09:00 Asia/Seoul")
        #expect(read["VTODO.DTSTART"] == "2026-12-01T09:30:00")
        #expect(read["VTODO.CATEGORIES"] == "work|한글,태그")
        #expect(read["VTODO.X-NOTE;X-WHERE"] == "Seoul: 3F, room ; 2")
        #expect(read["VALARM.TRIGGER"] == "-PT15M")
    }

    @Test func pythonReadsTheFeedsAllDayEventsAndAlarms() throws {
        let feed = ICalendarComponent(
            name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", rawValue: "2.0")],
            components: [DeadlineFeed.event(for: card(title: title))])

        let read = try PythonICalendar.read(ICalendarWriter.write(feed))

        #expect(read["VEVENT.DTSTART"] == "2026-12-01")
        #expect(read["VEVENT.DTEND"] == "2026-12-02")
        #expect(read["VEVENT.SUMMARY"] == title)
        #expect(read["VALARM.TRIGGER"] == "PT9H")
        #expect(read["VALARM.ACTION"] == "DISPLAY")
    }

    private var pythonSpec: [String: String] {
        [
            "uid": "0a1b2c3d-0000-4000-8000-00000000cafe", "summary": title, "description": description,
            "due": "2026-12-01T09:30:00", "dueZone": "Asia/Seoul", "start": "2026-11-30",
            "completed": "2026-11-20T10:00:00+00:00", "categories": "work|한글,태그", "note": "a:b;c,d",
        ]
    }

    @Test func aTaskPythonWroteReadsAsTheCardsFields() throws {
        let text = try PythonICalendar.write(pythonSpec)

        let calendar = try ICalendarReader.read(text)
        let task = try CalendarTask(calendar: calendar, timeZone: berlin)

        #expect(task.title == title)
        #expect(task.description == description)
        // 09:30 in Seoul is 01:30 the same day in Berlin.
        #expect(task.deadline == day("2026-12-01"))
        #expect(task.status == .done)
        try task.check(id: cardID)
        let todo = try CalendarTask.todo(in: calendar)
        let local = LocalTime(day: day("2026-12-01"), hour: 9, minute: 30, second: 0)
        #expect(try ICalendarTime(todo.property("DUE")!) == .zoned(local, seoul))
        #expect(try ICalendarTime(todo.property("DTSTART")!) == .date(day("2026-11-30")))
        #expect(try ICalendarTime(todo.property("COMPLETED")!) == .utc(instant("2026-11-20T10:00:00Z")))
    }

    @Test func whatPythonWroteSurvivesOurReadAndWriteUnchangedForPython() throws {
        let text = try PythonICalendar.write(pythonSpec)

        let rewritten = ICalendarWriter.write(try ICalendarReader.read(text))

        #expect(try PythonICalendar.read(rewritten) == PythonICalendar.read(text))
    }

    @Test func mergingTheBoardIntoPythonsTextKeepsWhatTheBoardHasNoFieldFor() throws {
        let client = try ICalendarReader.read(PythonICalendar.write(pythonSpec))
        let before = try PythonICalendar.read(ICalendarWriter.write(client))

        let merged = CardCalendar.merge(card(title: "새 제목", status: .doing), into: client, timeZone: seoul)
        let read = try PythonICalendar.read(ICalendarWriter.write(merged))

        #expect(read["VTODO.SUMMARY"] == "새 제목")
        #expect(read["VTODO.STATUS"] == "IN-PROCESS")
        #expect(read["VTODO.COMPLETED"] == nil)
        for key in ["VTODO.CATEGORIES", "VTODO.X-NOTE", "VTODO.DTSTART", "VTODO.DUE", "VTODO.DUE;TZID"] {
            #expect(read[key] == before[key], "\(key)")
        }
    }
}
