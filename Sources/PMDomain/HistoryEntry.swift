public import Foundation

/// One line of a board's history, derived from one operation and the state just before it.
public struct HistoryEntry: Hashable, Sendable {
    /// What kind of change it was.
    public enum Action: String, Codable, Hashable, Sendable {
        case added, edited, moved, deleted, restored
    }

    /// A field's value before and after.
    public struct Change: Hashable, Sendable {
        /// The field.
        public var field: ProjectField
        /// Its value before (`nil` when the card was new).
        public var from: String?
        /// Its value after.
        public var to: String
    }

    /// The operation it describes.
    public var operationID: UUID
    /// The project it is about.
    public var projectID: UUID
    /// When the change was made, by its clock.
    public var timestamp: HybridTimestamp
    /// The kind of change.
    public var action: Action
    /// The project's title at the time (its old title, when the change renamed it).
    public var title: String
    /// Each field that changed.
    public var changes: [Change]
    /// The user whose push brought the change to the server, as the server recorded it; `nil`
    /// for this device's own changes before the server names them and for changes the server
    /// recorded no author for.
    public var author: String?

    /// When the change was made.
    public var at: Date { timestamp.date }
    /// The device that made it.
    public var device: UUID { timestamp.device }

    /// Who made the change, as history shows it: `this device` for `thisDevice`'s own, else
    /// the user who pushed it (`ada`), else, for a change with no known author, the device
    /// (`device d8d8d9bc`).
    public func madeBy(thisDevice: UUID?) -> String {
        if device == thisDevice { return "this device" }
        return Self.who(author: author, device: device)
    }

    /// Another device's change named as history names it: its `author` (`ada`), else the device
    /// (`device d8d8d9bc`).
    public static func who(author: String?, device: UUID) -> String {
        author ?? "device " + device.lowercased.prefix(8)
    }

    /// The entry for `operation` applied to `before`, or `nil` when it changed nothing visible
    /// (it set fields to the values they had).
    ///
    /// `before` must be the merge of every earlier operation of the project, by clock order:
    /// history is then a function of the set of operations, the same on every replica.
    public init?(operation: ProjectOperation, before: ProjectState) {
        let old = before.fields
        let new = operation.fields
        let existed = before.title != nil
        var changes: [Change] = []
        for field in ProjectField.allCases where field != .deleted {
            guard let to = new.value(of: field) else { continue }
            let from = existed ? old.value(of: field) ?? Self.defaultValue(of: field) : nil
            if from != to {
                changes.append(Change(field: field, from: from, to: to))
            }
        }
        let wasDeleted = old.deleted == true
        let action: Action
        if !existed {
            guard new.title != nil else { return nil }
            action = new.deleted == true ? .deleted : .added
        } else if new.deleted == true && !wasDeleted {
            action = .deleted
        } else if new.deleted == false && wasDeleted {
            action = .restored
        } else if changes.isEmpty {
            return nil
        } else if changes.allSatisfy({ $0.field == .status }) {
            action = .moved
        } else {
            action = .edited
        }
        self.operationID = operation.id
        self.projectID = operation.projectID
        self.timestamp = operation.timestamp
        self.action = action
        self.title = existed ? old.title ?? "" : new.title ?? ""
        self.changes = changes
    }

    private static func defaultValue(of field: ProjectField) -> String? {
        switch field {
        case .description: ""
        case .status: Status.todo.rawValue
        default: nil
        }
    }

    /// The entry as a sentence: `Moved "Write spec" from TODO to DOING`.
    public var summary: String {
        let name = "\"\(title)\""
        switch action {
        case .added:
            let list = changes.first { $0.field == .status }.flatMap { Status(rawValue: $0.to) } ?? .todo
            return "Added \(name) to \(list.heading)"
        case .deleted:
            return "Deleted \(name)"
        case .restored:
            return "Restored \(name)"
        case .moved:
            let change = changes[0]
            let from = change.from.flatMap(Status.init(rawValue:))?.heading ?? "?"
            let to = Status(rawValue: change.to)?.heading ?? change.to
            return "Moved \(name) from \(from) to \(to)"
        case .edited:
            let parts = changes.map { change -> String in
                switch change.field {
                case .status:
                    let from = change.from.flatMap(Status.init(rawValue:))?.heading ?? "?"
                    return "list \(from) → \(Status(rawValue: change.to)?.heading ?? change.to)"
                case .title, .description:
                    return "\(change.field.rawValue) \(Self.quote(change.from)) → \(Self.quote(change.to))"
                default:
                    return "\(change.field.rawValue) \(change.from ?? "none") → \(change.to)"
                }
            }
            return "Edited \(name): " + parts.joined(separator: ", ")
        }
    }

    static func quote(_ text: String?) -> String {
        guard let text else { return "none" }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let short = line.count > 40 ? line.prefix(39) + "…" : (line.count < text.count ? line + "…" : line)
        return "\"\(short)\""
    }
}
