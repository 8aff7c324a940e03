public import Foundation

/// A field someone else changed after this device's action: undoing (or redoing) it would
/// silently overwrite their later edit, so it is refused unless forced.
public struct UndoConflict: Hashable, Sendable {
    /// The field.
    public var field: ProjectField
    /// Its value now, as an operation sets it.
    public var value: String
    /// The write that set it.
    public var timestamp: HybridTimestamp

    /// A conflict from its parts.
    public init(field: ProjectField, value: String, timestamp: HybridTimestamp) {
        self.field = field
        self.value = value
        self.timestamp = timestamp
    }

    /// What the change was, in history's words: `changed the title to "Write the spec"`,
    /// `moved it to DOING`, `deleted it`.
    public var change: String {
        switch field {
        case .title, .description: "changed the \(field.rawValue) to \(HistoryEntry.quote(value))"
        case .deadline: "changed the deadline to \(value)"
        case .status: "moved it to \(Status(rawValue: value)?.heading ?? value)"
        case .deleted: value == "true" ? "deleted it" : "brought it back"
        }
    }
}

extension UndoStep {
    /// The fields of `left` (what this device's action, or its undo, set) that a write of another
    /// device has set since, in `state`: the ones taking the step back would overwrite.
    public static func conflicts(leaving left: ProjectFields, in state: ProjectState, thisDevice: UUID)
        -> [UndoConflict]
    {
        ProjectField.allCases.compactMap { field in
            guard left.value(of: field) != nil, let (value, timestamp) = state.register(of: field),
                timestamp.device != thisDevice
            else { return nil }
            return UndoConflict(field: field, value: value, timestamp: timestamp)
        }
    }
}

extension ProjectState {
    /// The value of `field` as an operation sets it, and the clock of the write that set it.
    func register(of field: ProjectField) -> (String, HybridTimestamp)? {
        switch field {
        case .title: title.map { ($0.value, $0.timestamp) }
        case .description: description.map { ($0.value, $0.timestamp) }
        case .deadline: deadline.map { ($0.value.description, $0.timestamp) }
        case .status: status.map { ($0.value.rawValue, $0.timestamp) }
        case .deleted: deleted.map { ($0.value ? "true" : "false", $0.timestamp) }
        }
    }
}
