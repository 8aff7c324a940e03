public import Foundation

extension PlainJSONReader {
    /// Whether a field may be given as `null` (an export may; a push may not, since a field is
    /// set or left out).
    public enum NullFields: Sendable {
        case refused
        case skipped
    }

    /// An operation as every writer of ours spells it: `id`, `projectId`, `timestamp` and
    /// `fields`, each once.
    public mutating func operation(nullFields: NullFields = .refused) throws -> ProjectOperation {
        var id: UUID?
        var projectID: UUID?
        var timestamp: HybridTimestamp?
        var fields: ProjectFields?
        try object { reader, key in
            switch key {
            case "id" where id == nil: id = try reader.uuid()
            case "projectId" where projectID == nil: projectID = try reader.uuid()
            case "timestamp" where timestamp == nil: timestamp = try reader.timestamp()
            case "fields" where fields == nil: fields = try reader.fields(nullFields: nullFields)
            default: throw NotPlain()
            }
        }
        guard let id, let projectID, let timestamp, let fields else { throw NotPlain() }
        return ProjectOperation(id: id, projectID: projectID, timestamp: timestamp, fields: fields)
    }

    /// A hybrid timestamp: `wallTime`, `counter` and `device`, each once.
    public mutating func timestamp() throws -> HybridTimestamp {
        var wallTime: Int64?
        var counter: UInt64?
        var device: UUID?
        try object { reader, key in
            switch key {
            // 18 digits at most: below HybridTimestamp.wallTimeLimit (10^18), as its decoder requires.
            case "wallTime" where wallTime == nil: wallTime = try reader.int64()
            case "counter" where counter == nil: counter = try reader.integer(maximumDigits: 10)
            case "device" where device == nil: device = try reader.uuid()
            default: throw NotPlain()
            }
        }
        guard let wallTime, let counter, let counter = UInt32(exactly: counter), let device else { throw NotPlain() }
        return HybridTimestamp(wallTime: wallTime, counter: counter, device: device)
    }

    /// An operation's fields, each once.
    public mutating func fields(nullFields: NullFields = .refused) throws -> ProjectFields {
        var fields = ProjectFields()
        // A key given twice is left to JSONDecoder.
        try object { reader, key in
            if nullFields == .skipped, reader.null() { return }
            switch key {
            case "title" where fields.title == nil: fields.title = try reader.string()
            case "description" where fields.description == nil: fields.description = try reader.string()
            case "deadline" where fields.deadline == nil: fields.deadline = try reader.deadline()
            case "status" where fields.status == nil: fields.status = try reader.status()
            case "deleted" where fields.deleted == nil: fields.deleted = try reader.boolean()
            default: throw NotPlain()
            }
        }
        return fields
    }

    /// A day, `YYYY-MM-DD`.
    public mutating func deadline() throws -> Deadline {
        guard let deadline = Deadline(iso: try string()) else { throw NotPlain() }
        return deadline
    }

    /// A list: `todo`, `doing` or `done`.
    public mutating func status() throws -> Status {
        guard let status = Status(rawValue: try string()) else { throw NotPlain() }
        return status
    }
}
