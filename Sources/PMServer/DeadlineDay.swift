public import Foundation
public import PMDomain

/// When a deadline falls due for a notification: at ``hour`` (09:00) on its day in the
/// subscriber's time zone, so a card due today is announced in the morning, not at midnight;
/// an overdue card is due at once. A simple rule people can predict, written in the README.
public enum DeadlineDay {
    /// The hour of the deadline's day at which it is announced.
    public static let hour = 9

    /// The latest deadline announced at `now` in `zone`: today from 09:00, yesterday before.
    public static func latestDue(at now: Date, in zone: TimeZone) -> Deadline {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = Deadline(containing: now, in: zone)
        return calendar.component(.hour, from: now) >= hour ? today : today.adding(days: -1)
    }

    /// The cards of `projects` to announce at `now` in `zone`, in list order: not done, with a
    /// deadline no later than ``latestDue(at:in:)`` (the rule of `pm remind`, one day later).
    public static func due(_ projects: [Project], at now: Date, in zone: TimeZone) -> [Project] {
        Reminder.due(projects, today: latestDue(at: now, in: zone), window: DayCount(days: 1), alreadySent: [])
    }
}
