public import Foundation
public import PMDomain

/// A card's fields as one VTODO states them, read but not yet checked against the card rules.
public struct CalendarTask: Hashable, Sendable {
    /// `UID`, if present.
    public var uid: String?
    /// `SUMMARY` unescaped, or empty.
    public var title: String
    /// `DESCRIPTION` unescaped, or empty.
    public var description: String
    /// The day of `DUE`, if present (see ``ICalendarTime/day(in:)`` for a date-time).
    public var deadline: Deadline?
    /// Done by any of `STATUS:COMPLETED`, a `COMPLETED` time or `PERCENT-COMPLETE:100`;
    /// otherwise `IN-PROCESS` is DOING and `NEEDS-ACTION` or no `STATUS` is TODO.
    public var status: Status

    /// A task from its parts.
    public init(uid: String?, title: String, description: String, deadline: Deadline?, status: Status) {
        self.uid = uid
        self.title = title
        self.description = description
        self.deadline = deadline
        self.status = status
    }

    /// The task the board's own VTODO of `project` states: the version a client started from
    /// when its PUT names no other.
    public init(project: Project) {
        self.init(
            uid: project.id.lowercased, title: project.title, description: project.description,
            deadline: project.deadline, status: project.status)
    }

    /// The task of `calendar`, which must hold exactly one VTODO (VTIMEZONE and other
    /// components beside it are allowed). A `DUE` date-time becomes a day in `timeZone`.
    public init(calendar: ICalendarComponent, timeZone: TimeZone) throws(CalendarError) {
        try self.init(todo: Self.todo(in: calendar), timeZone: timeZone)
    }

    /// The fields `todo` states.
    public init(todo: ICalendarComponent, timeZone: TimeZone) throws(CalendarError) {
        self.uid = todo.property("UID")?.rawValue
        self.title = todo.property("SUMMARY")?.text ?? ""
        self.description = todo.property("DESCRIPTION")?.text ?? ""
        self.deadline = try todo.property("DUE").map { property throws(CalendarError) in
            try ICalendarTime(property).day(in: timeZone)
        }
        self.status = try Self.status(of: todo)
    }

    /// The one VTODO of `calendar`.
    public static func todo(in calendar: ICalendarComponent) throws(CalendarError) -> ICalendarComponent {
        guard calendar.name == "VCALENDAR" else { throw .calendarMissing("got \(calendar.name)") }
        let todos = calendar.components("VTODO")
        guard todos.count == 1 else { throw todos.isEmpty ? .taskMissing : .taskDuplicated(todos.count) }
        return todos[0]
    }

    /// Checks that `UID` names the card `id` (a resource's UID may not change, and the CalDAV
    /// path names the card too).
    public func check(id: UUID) throws(CalendarError) {
        guard let uid, UUID(uuidString: uid) == id else {
            throw .uidMismatch(uid ?? "", expected: id.lowercased)
        }
    }

    private static func status(of todo: ICalendarComponent) throws(CalendarError) -> Status {
        let said = todo.property("STATUS")?.rawValue.trimmingCharacters(in: .whitespaces).uppercased()
        let percent = todo.property("PERCENT-COMPLETE").flatMap {
            Int($0.rawValue.trimmingCharacters(in: .whitespaces))
        }
        let status: Status
        switch said {
        case nil, "NEEDS-ACTION": status = .todo
        case "IN-PROCESS": status = .doing
        case "COMPLETED": status = .done
        case let other?: throw .statusUnknown(other)
        }
        if status == .done || todo.property("COMPLETED") != nil || percent == 100 { return .done }
        return status
    }
}
