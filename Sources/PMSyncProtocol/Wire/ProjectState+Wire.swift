public import Foundation
public import PMDomain

/// A card's merged fields with their clocks, as every server backend stores it (as JSON in its
/// projects table), so a snapshot reads one row per card instead of replaying the log:
/// `{"title":{"value":…,"timestamp":{…}},…,"createdAt":N,"updatedAt":N}`, fields never written
/// left out. This is the one stored shape of a merged card: the Codable form (this type), the
/// plain reader and the writer below all spell it.
public struct MergedProject: Codable, Sendable {
    var title: ProjectState.Register<String>?
    var description: ProjectState.Register<String>?
    var deadline: ProjectState.Register<Deadline>?
    var status: ProjectState.Register<Status>?
    var deleted: ProjectState.Register<Bool>?
    var createdAt: Int64?
    var updatedAt: Int64?

    /// The stored form of `state`.
    public init(_ state: ProjectState) {
        title = state.title
        description = state.description
        deadline = state.deadline
        status = state.status
        deleted = state.deleted
        createdAt = state.createdAt
        updatedAt = state.updatedAt
    }

    /// The merged state it stores, for the project `id`.
    public func state(id: UUID) -> ProjectState {
        var state = ProjectState(id: id)
        state.title = title
        state.description = description
        state.deadline = deadline
        state.status = status
        state.deleted = deleted
        state.createdAt = createdAt
        state.updatedAt = updatedAt
        return state
    }

    /// `state` as a backend stores it, written by ``JSONWriter``.
    public static func json(_ state: ProjectState) -> String {
        var writer = JSONWriter(capacity: 640)
        writer.mergedProject(state)
        return writer.text
    }

    /// The merged state stored as `json` for the project `id`. It is read byte by byte
    /// (``PlainJSONReader``), since a snapshot reads one per card, and by `JSONDecoder`
    /// when it is not in the plain form ``json(_:)`` writes.
    public static func state(id: UUID, json: String) throws -> ProjectState {
        var json = json
        let plain = json.withUTF8 { utf8 in
            PlainJSONReader.read(UnsafeRawBufferPointer(utf8)) { try $0.mergedState(id: id) }
        }
        if let plain { return plain }
        return try JSONDecoder().decode(MergedProject.self, from: Data(json.utf8)).state(id: id)
    }
}

/// A register on the wire: `{"value":…,"timestamp":{…}}`.
extension ProjectState.Register: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, timestamp
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            value: try container.decode(Value.self, forKey: .value),
            timestamp: try container.decode(HybridTimestamp.self, forKey: .timestamp))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(timestamp, forKey: .timestamp)
    }
}

extension PlainJSONReader {
    /// A merged card state as ``MergedProject/json(_:)`` writes it, for the project `id`.
    public mutating func mergedState(id: UUID) throws -> ProjectState {
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

extension JSONWriter {
    /// A card's merged state in the shape ``MergedProject`` decodes: each field as
    /// `{"value":…,"timestamp":{…}}`, then `createdAt` and `updatedAt`; missing ones left out.
    public mutating func mergedProject(_ state: ProjectState) {
        byte(UInt8(ascii: "{"))
        var first = true
        register(#""title":"#, state.title, first: &first) { $1.string($0) }
        register(#""description":"#, state.description, first: &first) { $1.string($0) }
        register(#""deadline":"#, state.deadline, first: &first) { $1.string($0.description) }
        register(#""status":"#, state.status, first: &first) { $1.string($0.rawValue) }
        register(#""deleted":"#, state.deleted, first: &first) { $1.boolean($0) }
        if let createdAt = state.createdAt {
            key(#""createdAt":"#, first: &first)
            integer(createdAt)
        }
        if let updatedAt = state.updatedAt {
            key(#""updatedAt":"#, first: &first)
            integer(updatedAt)
        }
        byte(UInt8(ascii: "}"))
    }

    /// `"name":{"value":…,"timestamp":{…}}` when the register is set.
    private mutating func register<Value>(
        _ name: StaticString, _ register: ProjectState.Register<Value>?, first: inout Bool,
        _ value: (Value, inout JSONWriter) -> Void
    ) {
        guard let register else { return }
        key(name, first: &first)
        raw(#"{"value":"#)
        value(register.value, &self)
        raw(#","timestamp":"#)
        timestamp(register.timestamp)
        byte(UInt8(ascii: "}"))
    }
}
