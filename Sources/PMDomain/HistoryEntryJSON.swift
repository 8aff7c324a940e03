public import Foundation

/// A history entry as JSON: `{"at","action","projectId","title","device","author","changes":{FIELD:{"from","to"}}}`,
/// `author` left out when unknown. Nothing in that depends on the device reading it: an exported
/// board's history reads the same after import on another device. Written for one device
/// (`pm history --json`), it also says who made the change as that device sees it:
/// `"by"` (`this device`, `ada`, or `device d8d8d9bc`, the words `pm history` prints) and
/// `"byThisDevice"`; both are left out of what is exported.
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
    /// Who made the change, as the device the JSON was written for names it (`this device`,
    /// the author, or the device); `nil` when written for no device in particular.
    public var by: String?
    /// Whether the device the JSON was written for made the change; `nil` as for ``by``.
    public var byThisDevice: Bool?

    /// The JSON of `entry` as the device `thisDevice` shows it: ``by`` and ``byThisDevice`` set.
    public init(_ entry: HistoryEntry, thisDevice: UUID) {
        self.init(entry)
        by = entry.madeBy(thisDevice: thisDevice)
        byThisDevice = entry.device == thisDevice
    }

    /// The JSON of `entry`, the same on every device (what an export holds).
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
