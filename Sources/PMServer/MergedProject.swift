public import Foundation
public import PMDomain

/// A project's merged fields with their clocks, as every storage backend keeps it (as JSON in
/// its projects table), so a snapshot reads one row per card instead of replaying the log.
public struct MergedProject: Codable, Sendable {
    /// A field's value and the clock of the write that set it.
    public struct Register<Value: Codable & Hashable & Sendable>: Codable, Sendable {
        var value: Value
        var timestamp: HybridTimestamp
    }

    var title: Register<String>?
    var description: Register<String>?
    var deadline: Register<Deadline>?
    var status: Register<Status>?
    var deleted: Register<Bool>?
    var createdAt: Int64?
    var updatedAt: Int64?

    /// The stored form of `state`.
    public init(_ state: ProjectState) {
        title = state.title.map { Register(value: $0.value, timestamp: $0.timestamp) }
        description = state.description.map { Register(value: $0.value, timestamp: $0.timestamp) }
        deadline = state.deadline.map { Register(value: $0.value, timestamp: $0.timestamp) }
        status = state.status.map { Register(value: $0.value, timestamp: $0.timestamp) }
        deleted = state.deleted.map { Register(value: $0.value, timestamp: $0.timestamp) }
        createdAt = state.createdAt
        updatedAt = state.updatedAt
    }

    /// The merged state it stores, for the project `id`.
    public func state(id: UUID) -> ProjectState {
        var state = ProjectState(id: id)
        state.title = title.map { .init(value: $0.value, timestamp: $0.timestamp) }
        state.description = description.map { .init(value: $0.value, timestamp: $0.timestamp) }
        state.deadline = deadline.map { .init(value: $0.value, timestamp: $0.timestamp) }
        state.status = status.map { .init(value: $0.value, timestamp: $0.timestamp) }
        state.deleted = deleted.map { .init(value: $0.value, timestamp: $0.timestamp) }
        state.createdAt = createdAt
        state.updatedAt = updatedAt
        return state
    }
}
