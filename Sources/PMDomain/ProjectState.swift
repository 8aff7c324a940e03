public import Foundation

/// A project as the merge of every operation on it: each field is a last-writer-wins register
/// keyed by the hybrid logical clock, so applying the same operations in any order, any number
/// of times, gives the same state.
public struct ProjectState: Hashable, Sendable {
    /// A field's value and the clock reading of the write that set it.
    public struct Register<Value: Hashable & Sendable>: Hashable, Sendable {
        /// The winning value.
        public var value: Value
        /// The clock of the write that set it.
        public var timestamp: HybridTimestamp

        /// A register holding `value` written at `timestamp`.
        public init(value: Value, timestamp: HybridTimestamp) {
            self.value = value
            self.timestamp = timestamp
        }
    }

    /// The project's id.
    public let id: UUID
    /// The title register.
    public var title: Register<String>?
    /// The description register.
    public var description: Register<String>?
    /// The deadline register.
    public var deadline: Register<Deadline>?
    /// The status register.
    public var status: Register<Status>?
    /// The deletion register.
    public var deleted: Register<Bool>?
    /// The wall time of the earliest operation applied: the creation time.
    public var createdAt: Int64?
    /// The wall time of the latest operation applied.
    public var updatedAt: Int64?

    /// A project no operation has touched yet.
    public init(id: UUID) {
        self.id = id
    }

    /// Merges `operation` in. Returns whether anything changed.
    @discardableResult
    public mutating func apply(_ operation: ProjectOperation) -> Bool {
        let stamp = operation.timestamp
        let fields = operation.fields
        var changed = false
        changed = Self.merge(&title, fields.title, stamp) || changed
        changed = Self.merge(&description, fields.description, stamp) || changed
        changed = Self.merge(&deadline, fields.deadline, stamp) || changed
        changed = Self.merge(&status, fields.status, stamp) || changed
        changed = Self.merge(&deleted, fields.deleted, stamp) || changed
        if createdAt.map({ stamp.wallTime < $0 }) ?? true {
            createdAt = stamp.wallTime
            changed = true
        }
        if updatedAt.map({ stamp.wallTime > $0 }) ?? true {
            updatedAt = stamp.wallTime
            changed = true
        }
        return changed
    }

    /// Merges in `other`, another merge of operations on the same project (a server's card
    /// stored while this one already holds some of its operations): each field keeps the later
    /// write, so the result is the merge of both sets of operations.
    public mutating func merge(_ other: ProjectState) {
        Self.merge(&title, other.title)
        Self.merge(&description, other.description)
        Self.merge(&deadline, other.deadline)
        Self.merge(&status, other.status)
        Self.merge(&deleted, other.deleted)
        if let created = other.createdAt, createdAt.map({ created < $0 }) ?? true { createdAt = created }
        if let updated = other.updatedAt, updatedAt.map({ updated > $0 }) ?? true { updatedAt = updated }
    }

    private static func merge<Value>(_ register: inout Register<Value>?, _ other: Register<Value>?) {
        guard let other else { return }
        _ = merge(&register, other.value, other.timestamp)
    }

    private static func merge<Value>(
        _ register: inout Register<Value>?, _ value: Value?, _ stamp: HybridTimestamp
    ) -> Bool {
        guard let value else { return false }
        if let current = register, current.timestamp >= stamp { return false }
        register = Register(value: value, timestamp: stamp)
        return true
    }

    /// Whether the card was created (has a title) and has not been deleted.
    public var isVisible: Bool { title != nil && deleted?.value != true }

    /// The current values of every field, as an operation would set them.
    public var fields: ProjectFields {
        ProjectFields(
            title: title?.value, description: description?.value, deadline: deadline?.value,
            status: status?.value, deleted: deleted?.value)
    }

    /// The card as the board shows it, or `nil` while it is deleted or not yet created.
    public var project: Project? {
        guard isVisible, let title, let createdAt, let updatedAt else { return nil }
        return Project(
            id: id, title: title.value, description: description?.value ?? "",
            deadline: deadline?.value ?? Deadline(defaultFor: createdAt),
            status: status?.value ?? .todo,
            createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(updatedAt) / 1000))
    }
}
