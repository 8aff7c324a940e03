public import Foundation
public import PMDomain

/// A message with a byte-by-byte reader (``PMDomain/PlainJSONReader``) for the plain form our
/// own writers produce. A large page or snapshot is read many times faster that way; anything
/// else goes to `JSONDecoder`, which reads the same value or explains what is wrong.
public protocol PlainJSONDecodable: Decodable {
    /// The message in `data`, or `nil` when it is not in the plain form.
    static func readPlain(_ data: Data) -> Self?
}

extension PlainJSONDecodable {
    /// The message in `data`: read plainly when it can be, otherwise by `JSONDecoder`.
    public static func decode(_ data: Data) throws -> Self {
        if let message = readPlain(data) { return message }
        return try JSONDecoder().decode(Self.self, from: data)
    }
}

extension OperationPage: PlainJSONDecodable {
    /// `{"operations":[{"seq":N,"operation":{…}}],"next":N,"head":N}`, each key once.
    public static func readPlain(_ data: Data) -> OperationPage? {
        PlainJSONReader.read(data) { reader in
            var operations: [Entry]?
            var next: Int64?
            var head: Int64?
            try reader.object { reader, key in
                switch key {
                case "operations" where operations == nil:
                    operations = try reader.array(capacity: limit) { try $0.pageEntry() }
                case "next" where next == nil: next = try reader.int64()
                case "head" where head == nil: head = try reader.int64()
                default: throw PlainJSONReader.NotPlain()
                }
            }
            guard let operations, let next, let head else { throw PlainJSONReader.NotPlain() }
            return OperationPage(operations: operations, next: next, head: head)
        }
    }
}

extension BoardSnapshot: PlainJSONDecodable {
    /// `{"seq":N,"projects":[{…,"clocks":{…}}]}`, each key once.
    public static func readPlain(_ data: Data) -> BoardSnapshot? {
        PlainJSONReader.read(data) { reader in
            var seq: Int64?
            var projects: [Card]?
            try reader.object { reader, key in
                switch key {
                case "seq" where seq == nil: seq = try reader.int64()
                case "projects" where projects == nil:
                    // About 530 bytes a card: room for them all at once.
                    projects = try reader.array(capacity: data.count / 512) { try $0.card() }
                default: throw PlainJSONReader.NotPlain()
                }
            }
            guard let seq, let projects else { throw PlainJSONReader.NotPlain() }
            return BoardSnapshot(seq: seq, projects: projects)
        }
    }
}

extension PushRequest: PlainJSONDecodable {}

extension PlainJSONReader {
    mutating func pageEntry() throws -> OperationPage.Entry {
        var seq: Int64?
        var operation: ProjectOperation?
        try object { reader, key in
            switch key {
            case "seq" where seq == nil: seq = try reader.int64()
            case "operation" where operation == nil: operation = try reader.operation()
            default: throw NotPlain()
            }
        }
        guard let seq, let operation else { throw NotPlain() }
        return OperationPage.Entry(seq: seq, operation: operation)
    }

    mutating func card() throws -> BoardSnapshot.Card {
        var id: UUID?
        var title: String?
        var description: String?
        var deadline: Deadline?
        var status: Status?
        var createdAt: Int64?
        var updatedAt: Int64?
        var clocks: BoardSnapshot.Card.Clocks?
        try object { reader, key in
            switch key {
            case "id" where id == nil: id = try reader.uuid()
            case "title" where title == nil: title = try reader.string()
            case "description" where description == nil: description = try reader.string()
            case "deadline" where deadline == nil: deadline = try reader.deadline()
            case "status" where status == nil: status = try reader.status()
            case "createdAt" where createdAt == nil: createdAt = try reader.int64()
            case "updatedAt" where updatedAt == nil: updatedAt = try reader.int64()
            case "clocks" where clocks == nil: clocks = try reader.cardClocks()
            default: throw NotPlain()
            }
        }
        guard let id, let title, let description, let deadline, let status, let createdAt, let updatedAt, let clocks
        else { throw NotPlain() }
        return BoardSnapshot.Card(
            id: id, title: title, description: description, deadline: deadline, status: status,
            createdAt: createdAt, updatedAt: updatedAt, clocks: clocks)
    }

    mutating func cardClocks() throws -> BoardSnapshot.Card.Clocks {
        var title: HybridTimestamp?
        var description: HybridTimestamp?
        var deadline: HybridTimestamp?
        var status: HybridTimestamp?
        try object { reader, key in
            switch key {
            case "title" where title == nil: title = try reader.timestamp()
            case "description" where description == nil: description = try reader.timestamp()
            case "deadline" where deadline == nil: deadline = try reader.timestamp()
            case "status" where status == nil: status = try reader.timestamp()
            default: throw NotPlain()
            }
        }
        guard let title else { throw NotPlain() }
        return BoardSnapshot.Card.Clocks(title: title, description: description, deadline: deadline, status: status)
    }
}
