import Foundation
import PMCalendar
import PMDomain

/// The day the tests stand on: 2026-11-21.
let today = day("2026-11-21")

let seoul = TimeZone(identifier: "Asia/Seoul")!
let berlin = TimeZone(identifier: "Europe/Berlin")!

/// A fixed card id, so expected text can spell it out.
let cardID = UUID(uuidString: "0A1B2C3D-0000-4000-8000-00000000CAFE")!

func day(_ iso: String) -> Deadline {
    Deadline(iso: iso)!
}

func instant(_ iso: String) -> Date {
    try! Date(iso, strategy: .iso8601)
}

func card(
    title: String = "Ship the calendar", description: String = "", deadline: String = "2026-12-01",
    status: Status = .todo, createdAt: String = "2026-11-20T09:00:00Z", updatedAt: String = "2026-11-21T10:30:00Z"
) -> Project {
    Project(
        id: cardID, title: title, description: description, deadline: day(deadline), status: status,
        createdAt: instant(createdAt), updatedAt: instant(updatedAt))
}

/// `lines` joined with CR LF, as a body on the wire.
func ics(_ lines: String...) -> String {
    lines.map { $0 + "\r\n" }.joined()
}

/// A VCALENDAR around `todoLines`.
func calendarText(_ todoLines: [String], extra: [String] = []) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO"] + todoLines + ["END:VTODO"] + extra
        + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
}

/// The task a VCALENDAR around `todoLines` states, read in Seoul.
func task(_ todoLines: String...) throws -> CalendarTask {
    try CalendarTask(calendar: ICalendarReader.read(calendarText(todoLines)), timeZone: seoul)
}
