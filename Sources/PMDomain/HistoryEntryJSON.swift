public import Foundation

/// A history entry as JSON: `{"at","action","projectId","title","device","author","changes":{FIELD:{"from","to"}}}`,
/// `author` left out when unknown. Nothing in it depends on the device reading it (no "this
/// device"): an exported board's history reads the same after import on another device.
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
    /// The user whose push brought the change to the server, when the server named one.
    public var author: String?
    /// What changed, by field.
    public var changes: [String: Change]

    /// The JSON of `entry`.
    public init(_ entry: HistoryEntry) {
        at = entry.at
        action = entry.action
        projectId = entry.projectID.lowercased
        title = entry.title
        device = entry.device.lowercased
        author = entry.author
        changes = Dictionary(
            uniqueKeysWithValues: entry.changes.map { ($0.field.rawValue, Change(from: $0.from, to: $0.to)) })
    }
}
