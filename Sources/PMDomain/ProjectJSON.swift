public import Foundation

/// A project as JSON shows it to people and scripts: `pm list --json` and the readable part of
/// an export. Presentation, not wire: nothing reads it back on a hot path, so it is plain Codable.
public struct ProjectJSON: Codable, Hashable, Sendable {
    /// The full id, lowercase.
    public var id: String
    /// The title.
    public var title: String
    /// The description (empty when none).
    public var description: String
    /// `YYYY-MM-DD`.
    public var deadline: Deadline
    /// `todo`, `doing` or `done`.
    public var status: Status
    /// Not done and past its deadline on the day the JSON was made.
    public var overdue: Bool
    /// When it was added.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// The JSON of `project`, with overdue judged on `today`.
    public init(_ project: Project, today: Deadline) {
        id = project.id.lowercased
        title = project.title
        description = project.description
        deadline = project.deadline
        status = project.status
        overdue = project.isOverdue(today: today)
        createdAt = project.createdAt
        updatedAt = project.updatedAt
    }
}
