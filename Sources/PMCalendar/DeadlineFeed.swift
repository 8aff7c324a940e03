import Foundation
public import PMDomain

/// The ICS feed calendar apps subscribe to: each open card's deadline as an all-day event with
/// an alarm. Done cards have nothing left to be reminded of and deleted ones are gone, so the
/// feed holds only cards that are visible and not done (overdue ones included: they are still
/// due).
public enum DeadlineFeed {
    /// Hours after the start of the deadline's day at which the alarm goes off: 09:00 on the
    /// day itself, in the subscriber's own zone (an all-day event floats), as Apple Reminders
    /// alerts for an all-day reminder.
    public static let alarmHour = 9

    /// How often a subscriber should fetch the feed again.
    public static let refreshInterval = "PT1H"

    /// The feed of `cards` (their current states), named `name` in the subscriber's calendar
    /// list. Events are in board order: by deadline, then creation time.
    public static func calendar(of cards: some Sequence<ProjectState>, name: String) -> ICalendarComponent {
        let open = cards.compactMap(\.project).filter { $0.status != .done }.sorted(by: Project.listOrder)
        return ICalendarComponent(
            name: "VCALENDAR",
            properties: [
                ICalendarProperty(name: "VERSION", rawValue: "2.0"),
                ICalendarProperty(name: "PRODID", text: CardCalendar.productID),
                ICalendarProperty(name: "CALSCALE", rawValue: "GREGORIAN"),
                ICalendarProperty(name: "METHOD", rawValue: "PUBLISH"),
                ICalendarProperty(name: "X-WR-CALNAME", text: name),
                ICalendarProperty(
                    name: "REFRESH-INTERVAL", parameters: [ICalendarParameter(name: "VALUE", value: "DURATION")],
                    rawValue: refreshInterval),
                ICalendarProperty(name: "X-PUBLISHED-TTL", rawValue: refreshInterval),
            ],
            components: open.map(event(for:)))
    }

    /// The event of one card: UID `<card id>-deadline` (the card's own UID belongs to its
    /// VTODO, and a client holding both must not take one for the other), the deadline as
    /// DTSTART with DTEND the next day, shown free rather than busy, and a display alarm.
    public static func event(for project: Project) -> ICalendarComponent {
        var properties = [
            ICalendarProperty(name: "UID", rawValue: eventUID(of: project)),
            ICalendarTime.utc(project.updatedAt).property("DTSTAMP"),
            ICalendarTime.date(project.deadline).property("DTSTART"),
            ICalendarTime.date(project.deadline.adding(days: 1)).property("DTEND"),
            ICalendarProperty(name: "SUMMARY", text: project.title),
        ]
        if !project.description.isEmpty {
            properties.append(ICalendarProperty(name: "DESCRIPTION", text: project.description))
        }
        properties.append(ICalendarProperty(name: "TRANSP", rawValue: "TRANSPARENT"))
        let alarm = ICalendarComponent(
            name: "VALARM",
            properties: [
                ICalendarProperty(name: "ACTION", rawValue: "DISPLAY"),
                ICalendarProperty(name: "DESCRIPTION", text: project.title),
                ICalendarProperty(
                    name: "TRIGGER", parameters: [ICalendarParameter(name: "RELATED", value: "START")],
                    rawValue: "PT\(alarmHour)H"),
            ])
        return ICalendarComponent(name: "VEVENT", properties: properties, components: [alarm])
    }

    /// The feed event's UID for `project`.
    public static func eventUID(of project: Project) -> String {
        project.id.lowercased + "-deadline"
    }
}
