public import Foundation
public import PMDomain

/// A card as a CalDAV resource: one VCALENDAR holding one VTODO, written fresh for a card no
/// client has sent text for, or merged into the text a client sent
/// (``merge(_:completedAt:into:timeZone:)``).
public enum CardCalendar {
    /// Names this product in `PRODID`.
    public static let productID = "-//Project Manager//pm-server//EN"

    /// The VCALENDAR of `project`; a done card's `COMPLETED` is `completedAt`, or its update
    /// time when that is not known (see ``completionTime(of:)``).
    public static func calendar(for project: Project, completedAt: Date? = nil) -> ICalendarComponent {
        ICalendarComponent(
            name: "VCALENDAR",
            properties: [
                ICalendarProperty(name: "VERSION", rawValue: "2.0"),
                ICalendarProperty(name: "PRODID", text: productID),
            ],
            components: [todo(for: project, completedAt: completedAt)])
    }

    /// The VTODO of `project`: UID, SUMMARY, DESCRIPTION (when there is one), DUE as a date,
    /// STATUS, for a done card `COMPLETED` and `PERCENT-COMPLETE:100` as well, and the card's
    /// creation and update times as CREATED, LAST-MODIFIED and DTSTAMP.
    public static func todo(for project: Project, completedAt: Date? = nil) -> ICalendarComponent {
        var todo = ICalendarComponent(name: "VTODO")
        apply(project, completedAt: completedAt, to: &todo, keepingDueIn: nil)
        return todo
    }

    /// The client's calendar with `project`'s fields written into its one VTODO. Every
    /// property the board has no field for (PRIORITY, CATEGORIES, X-…, VALARM and other
    /// sub-components, VTIMEZONE beside the VTODO) stays exactly as the client sent it, in its
    /// place. A DUE whose day is still the card's deadline (read in `timeZone`) is kept as
    /// written, time and zone included; a COMPLETED time is kept while the card is done.
    public static func merge(
        _ project: Project, completedAt: Date? = nil, into client: ICalendarComponent, timeZone: TimeZone
    ) -> ICalendarComponent {
        var calendar = client
        guard let index = calendar.components.firstIndex(where: { $0.name == "VTODO" }) else {
            calendar.components.append(todo(for: project, completedAt: completedAt))
            return calendar
        }
        if calendar.property("VERSION") == nil { calendar.set(ICalendarProperty(name: "VERSION", rawValue: "2.0")) }
        if calendar.property("PRODID") == nil { calendar.set(ICalendarProperty(name: "PRODID", text: productID)) }
        apply(project, completedAt: completedAt, to: &calendar.components[index], keepingDueIn: timeZone)
        return calendar
    }

    /// When the card was moved to DONE: the wall time of the write that set its status, while
    /// that status is done; `nil` otherwise.
    public static func completionTime(of state: ProjectState) -> Date? {
        guard let status = state.status, status.value == .done else { return nil }
        return Date(timeIntervalSince1970: Double(status.timestamp.wallTime) / 1000)
    }

    /// Writes the board's fields into `todo`, leaving every other property alone.
    private static func apply(
        _ project: Project, completedAt: Date?, to todo: inout ICalendarComponent, keepingDueIn timeZone: TimeZone?
    ) {
        let created = ICalendarTime.utc(project.createdAt)
        let updated = ICalendarTime.utc(project.updatedAt)
        todo.set(ICalendarProperty(name: "UID", rawValue: project.id.lowercased))
        todo.set(updated.property("DTSTAMP"))
        todo.set(created.property("CREATED"))
        todo.set(updated.property("LAST-MODIFIED"))
        todo.set(ICalendarProperty(name: "SUMMARY", text: project.title))
        if project.description.isEmpty {
            todo.remove("DESCRIPTION")
        } else {
            todo.set(ICalendarProperty(name: "DESCRIPTION", text: project.description))
        }
        let keptDue = timeZone.flatMap { zone in
            todo.property("DUE").flatMap { try? ICalendarTime($0).day(in: zone) } == project.deadline
        }
        if keptDue != true { todo.set(ICalendarTime.date(project.deadline).property("DUE")) }
        todo.set(ICalendarProperty(name: "STATUS", rawValue: statusValue(project.status)))
        if project.status == .done {
            if todo.property("COMPLETED").flatMap({ try? ICalendarTime($0) }) == nil {
                todo.set(ICalendarTime.utc(completedAt ?? project.updatedAt).property("COMPLETED"))
            }
            todo.set(ICalendarProperty(name: "PERCENT-COMPLETE", rawValue: "100"))
        } else {
            todo.remove("COMPLETED")
            // Any other percentage is the client's progress note, not a sign of done: kept.
            if todo.properties("PERCENT-COMPLETE").contains(where: { Int($0.rawValue) == 100 }) {
                todo.remove("PERCENT-COMPLETE")
            }
        }
    }

    /// `NEEDS-ACTION`, `IN-PROCESS` or `COMPLETED`.
    public static func statusValue(_ status: Status) -> String {
        switch status {
        case .todo: "NEEDS-ACTION"
        case .doing: "IN-PROCESS"
        case .done: "COMPLETED"
        }
    }
}
