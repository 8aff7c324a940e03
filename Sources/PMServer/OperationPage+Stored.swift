import Foundation
import PMDomain
public import PMSyncProtocol

/// A page of operations as a backend stores them: each operation as its JSON text
/// (``ProjectOperation/storedJSON``, or `JSONEncoder`'s output for rows stored before it), so the
/// pull route copies it into the answer instead of decoding and encoding it again.
public struct StoredOperationPage: Sendable {
    /// One stored operation, its sequence number and its author.
    public struct Entry: Sendable {
        /// Its position in the board's server order.
        public var seq: Int64
        /// The operation's JSON, as stored: one JSON object.
        public var body: String
        /// The user whose push stored it; `nil` for rows stored before authors were recorded.
        public var author: String?

        /// An entry from its parts.
        public init(seq: Int64, body: String, author: String? = nil) {
            self.seq = seq
            self.body = body
            self.author = author
        }
    }

    /// The operations after the cursor, oldest first.
    public var operations: [Entry]
    /// The cursor to ask with next, as in ``PMSyncProtocol/OperationPage/next``.
    public var next: Int64
    /// The board's latest sequence number when the page was read.
    public var head: Int64

    /// A page of `operations` read after the cursor `after` on a board whose head is `head`.
    public init(operations: [Entry], after: Int64, head: Int64) {
        self.operations = operations
        self.next = operations.last?.seq ?? max(after, 0)
        self.head = head
    }

    /// A page holding `page`'s operations, each written as the server stores operations.
    public init(_ page: OperationPage) {
        operations = page.operations.map { Entry(seq: $0.seq, body: $0.operation.storedJSON, author: $0.author) }
        next = page.next
        head = page.head
    }

    /// The page with each operation decoded (read plainly when it is in the stored form).
    public func decoded() throws -> OperationPage {
        let entries = try operations.map {
            OperationPage.Entry(
                seq: $0.seq, operation: try ProjectOperation.decode(storedJSON: $0.body), author: $0.author)
        }
        return OperationPage(operations: entries, next: next, head: head)
    }

    /// The pull answer, `{"operations":[{"seq":N,"operation":{…},"author":"…"},…],"next":N,"head":N}`,
    /// with each stored operation copied in as it is
    /// (``PMSyncProtocol/OperationPage/json(storedOperations:next:head:)``).
    public func json() -> [UInt8] {
        OperationPage.json(
            storedOperations: operations.lazy.map { ($0.seq, $0.body, $0.author) }, next: next, head: head)
    }

    /// The pull answer around `entries`, the page's entries already written as ``json()``
    /// writes them and joined by commas: for a backend whose database writes them.
    public static func json(entries: some Collection<UInt8>, next: Int64, head: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count + 64)
        bytes.append(contentsOf: #"{"operations":["#.utf8)
        bytes.append(contentsOf: entries)
        bytes.append(contentsOf: #"],"next":"#.utf8)
        bytes.append(contentsOf: String(next).utf8)
        bytes.append(contentsOf: #","head":"#.utf8)
        bytes.append(contentsOf: String(head).utf8)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

extension OperationPage {
    /// A page from stored rows (each operation kept as its JSON), as every backend stores them.
    public init(storedRows rows: [(seq: Int64, body: String, author: String?)], after: Int64, head: Int64) throws {
        self = try StoredOperationPage(
            operations: rows.map { StoredOperationPage.Entry(seq: $0.seq, body: $0.body, author: $0.author) },
            after: after, head: head
        ).decoded()
    }
}
