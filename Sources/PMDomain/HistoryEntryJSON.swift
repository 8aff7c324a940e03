public import Foundation

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
