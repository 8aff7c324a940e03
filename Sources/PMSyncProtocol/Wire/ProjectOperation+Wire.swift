import Foundation
public import PMDomain

/// An operation on the wire, `{"id","projectId","timestamp":{…},"fields":{…}}`, as pushes,
/// pages, exports and the server's operation log hold it: its Codable form, its reader and its
/// writer side by side, so a new card field is added here once.
extension ProjectOperation: Codable {
    private enum CodingKeys: String, CodingKey {
        case id
        case projectID = "projectId"
        case timestamp
        case fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            projectID: try container.decode(UUID.self, forKey: .projectID),
            timestamp: try container.decode(HybridTimestamp.self, forKey: .timestamp),
            fields: try container.decode(ProjectFields.self, forKey: .fields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercased, forKey: .id)
        try container.encode(projectID.lowercased, forKey: .projectID)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(fields, forKey: .fields)
    }

    /// The operation as the server stores it and serves it back in pulls: JSON, written by
    /// ``JSONWriter``.
    public var storedJSON: String {
        var writer = JSONWriter(capacity: 320)
        writer.operation(self)
        return writer.text
    }

    /// The operation stored as `json`: read plainly when it is in the form ``storedJSON``
    /// writes, otherwise by `JSONDecoder` (rows stored before the direct writer).
    public static func decode(storedJSON json: String) throws -> ProjectOperation {
        var json = json
        let plain = json.withUTF8 { utf8 in
            PlainJSONReader.read(UnsafeRawBufferPointer(utf8)) { try $0.operation() }
        }
        if let plain { return plain }
        return try JSONDecoder().decode(ProjectOperation.self, from: Data(json.utf8))
    }
}

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

extension JSONWriter {
    /// An operation in the shape `JSONEncoder` gives it (keys in another order, which JSON
    /// does not care about): `{"id","projectId","timestamp","fields":{…}}`.
    public mutating func operation(_ operation: ProjectOperation) {
        raw(#"{"id":"#)
        uuid(operation.id)
        raw(#","projectId":"#)
        uuid(operation.projectID)
        raw(#","timestamp":"#)
        timestamp(operation.timestamp)
        raw(#","fields":{"#)
        let fields = operation.fields
        var first = true
        if let title = fields.title {
            key(#""title":"#, first: &first)
            string(title)
        }
        if let description = fields.description {
            key(#""description":"#, first: &first)
            string(description)
        }
        if let deadline = fields.deadline {
            key(#""deadline":"#, first: &first)
            string(deadline.description)
        }
        if let status = fields.status {
            key(#""status":"#, first: &first)
            string(status.rawValue)
        }
        if let deleted = fields.deleted {
            key(#""deleted":"#, first: &first)
            boolean(deleted)
        }
        raw("}}")
    }
}
