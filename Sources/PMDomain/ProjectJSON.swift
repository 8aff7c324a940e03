public import Foundation

/// A project as JSON shows it to scripts: `pm list --json`, exports and, later, the server.
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

/// A history entry as JSON: `{"at","action","projectId","title","device","changes":{FIELD:{"from","to"}}}`.
public struct HistoryEntryJSON: Codable, Hashable, Sendable {
    /// A field's value before and after.
    public struct Change: Codable, Hashable, Sendable {
        /// Before (`null` for a new card).
        public var from: String?
        /// After.
        public var to: String

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        }
    }

    /// When.
    public var at: Date
    /// `added`, `edited`, `moved`, `deleted` or `restored`.
    public var action: HistoryEntry.Action
    /// The project.
    public var projectId: String
    /// The project's title at the time.
    public var title: String
    /// The device that made the change.
    public var device: String
    /// What changed, by field.
    public var changes: [String: Change]

    /// The JSON of `entry`.
    public init(_ entry: HistoryEntry) {
        at = entry.at
        action = entry.action
        projectId = entry.projectID.lowercased
        title = entry.title
        device = entry.device.lowercased
        changes = Dictionary(
            uniqueKeysWithValues: entry.changes.map { ($0.field.rawValue, Change(from: $0.from, to: $0.to)) })
    }
}
