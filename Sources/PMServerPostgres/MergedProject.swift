import Foundation
import PMDomain

/// A project's merged fields with their clocks, as the `project` table keeps it, so a
/// snapshot reads one row per card instead of replaying the board's log.
struct MergedProject: Codable {
    struct Register<Value: Codable & Hashable & Sendable>: Codable {
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

    init(_ state: ProjectState) {
        title = state.title.map { Register(value: $0.value, timestamp: $0.timestamp) }
        description = state.description.map { Register(value: $0.value, timestamp: $0.timestamp) }
        deadline = state.deadline.map { Register(value: $0.value, timestamp: $0.timestamp) }
        status = state.status.map { Register(value: $0.value, timestamp: $0.timestamp) }
        deleted = state.deleted.map { Register(value: $0.value, timestamp: $0.timestamp) }
        createdAt = state.createdAt
        updatedAt = state.updatedAt
    }

    func state(id: UUID) -> ProjectState {
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
