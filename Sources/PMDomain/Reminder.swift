public import Foundation

/// A deadline reminder: one per card and deadline, so moving a deadline reminds again and
/// nothing else does.
public struct Reminder: Hashable, Sendable {
    /// The card reminded of.
    public var projectID: UUID
    /// The deadline it was reminded of.
    public var deadline: Deadline

    /// A reminder of `projectID` for `deadline`.
    public init(projectID: UUID, deadline: Deadline) {
        self.projectID = projectID
        self.deadline = deadline
    }

    /// The cards to remind of now, in list order: not done, overdue or due within `window`
    /// (the rule of `pm due`: `1d` is today), and not reminded of for their current deadline.
    public static func due(
        _ projects: [Project], today: Deadline, window: DayCount, alreadySent: Set<Reminder>
    ) -> [Project] {
        let end = today.adding(days: window.days)
        return projects.filter { project in
            project.status != .done && project.deadline < end
                && !alreadySent.contains(Reminder(projectID: project.id, deadline: project.deadline))
        }
        .sorted(by: Project.listOrder)
    }

    /// How a reminder names when `deadline` falls, seen from `today`.
    public static func when(_ deadline: Deadline, today: Deadline) -> String {
        let days = today.days(until: deadline)
        switch days {
        case ..<0: return "Overdue since \(deadline)"
        case 0: return "Due today"
        case 1: return "Due tomorrow"
        default: return "Due in \(days) days, \(deadline)"
        }
    }
}
