public import Foundation
import PMDomain

/// A page on the wire, `{"operations":[{"seq":N,"operation":{…},"author":"ada"}],"next":N,"head":N}`:
/// its plain reader and its writer (its Codable form is on ``OperationPage`` itself). The server
/// writes pages from the operations' stored JSON, copied in as they are, with the author beside
/// each (left out when unknown).
extension OperationPage: PlainJSONDecodable {
    /// `{"operations":[{"seq":N,"operation":{…},"author":"…"}],"next":N,"head":N}`, each key
    /// once, `author` optional.
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

    /// The page as the server answers it: each operation written as it is stored.
    public var json: [UInt8] {
        Self.json(
            storedOperations: operations.map { (seq: $0.seq, body: $0.operation.storedJSON, author: $0.author) },
            next: next, head: head)
    }

    /// The pull answer for operations stored as JSON text (``PMDomain/ProjectOperation/storedJSON``,
    /// or `JSONEncoder`'s output for older rows), each copied in as it is, its author written
    /// beside it: the shape `JSONEncoder` gives ``OperationPage``.
    public static func json(
        storedOperations: some Collection<(seq: Int64, body: String, author: String?)>, next: Int64, head: Int64
    ) -> [UInt8] {
        let size = storedOperations.reduce(64) { $0 + $1.body.utf8.count + ($1.author?.utf8.count ?? 0) + 48 }
        var writer = JSONWriter(capacity: size)
        writer.raw(#"{"operations":["#)
        for (index, entry) in storedOperations.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw(#"{"seq":"#)
            writer.integer(entry.seq)
            writer.raw(#","operation":"#)
            writer.raw(entry.body)
            if let author = entry.author {
                writer.raw(#","author":"#)
                writer.string(author)
            }
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw(#"],"next":"#)
        writer.integer(next)
        writer.raw(#","head":"#)
        writer.integer(head)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }
}

extension PlainJSONReader {
    mutating func pageEntry() throws -> OperationPage.Entry {
        var seq: Int64?
        var operation: ProjectOperation?
        var author: String?
        try object { reader, key in
            switch key {
            case "seq" where seq == nil: seq = try reader.int64()
            case "operation" where operation == nil: operation = try reader.operation()
            case "author" where author == nil: author = try reader.string()
            default: throw NotPlain()
            }
        }
        guard let seq, let operation else { throw NotPlain() }
        return OperationPage.Entry(seq: seq, operation: operation, author: author)
    }
}
