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

extension MergedProject {
    /// The merged state stored as `json` for the project `id`. It is read byte by byte
    /// (``PMDomain/PlainJSONReader``), since a snapshot reads one per card, and by `JSONDecoder`
    /// when it is not in the plain form ``MergedProject/json(_:)`` writes.
    public static func state(id: UUID, json: String) throws -> ProjectState {
        var json = json
        let plain = json.withUTF8 { utf8 in
            PlainJSONReader.read(UnsafeRawBufferPointer(utf8)) { try $0.mergedState(id: id) }
        }
        if let plain { return plain }
        return try JSONDecoder().decode(MergedProject.self, from: Data(json.utf8)).state(id: id)
    }
}

extension PlainJSONReader {
    fileprivate mutating func mergedState(id: UUID) throws -> ProjectState {
        var state = ProjectState(id: id)
        try object { reader, key in
            switch key {
            case "title" where state.title == nil: state.title = try reader.register { try $0.string() }
            case "description" where state.description == nil:
                state.description = try reader.register { try $0.string() }
            case "deadline" where state.deadline == nil: state.deadline = try reader.register { try $0.deadline() }
            case "status" where state.status == nil: state.status = try reader.register { try $0.status() }
            case "deleted" where state.deleted == nil: state.deleted = try reader.register { try $0.boolean() }
            case "createdAt" where state.createdAt == nil: state.createdAt = try reader.int64()
            case "updatedAt" where state.updatedAt == nil: state.updatedAt = try reader.int64()
            default: throw NotPlain()
            }
        }
        return state
    }

    /// `{"value":…,"timestamp":{…}}`.
    private mutating func register<Value: Hashable & Sendable>(
        _ value: (inout PlainJSONReader) throws -> Value
    ) throws -> ProjectState.Register<Value> {
        var read: Value?
        var timestamp: HybridTimestamp?
        try object { reader, key in
            switch key {
            case "value" where read == nil: read = try value(&reader)
            case "timestamp" where timestamp == nil: timestamp = try reader.timestamp()
            default: throw NotPlain()
            }
        }
        guard let read, let timestamp else { throw NotPlain() }
        return .init(value: read, timestamp: timestamp)
    }
}
