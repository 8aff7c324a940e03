public import PMDomain

/// One page of a board's operations in server order: `GET /v1/boards/{board}/operations`.
public struct OperationPage: Codable, Hashable, Sendable {
    /// An operation, the sequence number the server gave it and the user who pushed it.
    public struct Entry: Codable, Hashable, Sendable {
        /// Its position in the board's server order.
        public var seq: Int64
        /// The operation as pushed.
        public var operation: ProjectOperation
        /// The user whose push stored it (its author); `nil` for operations stored before the
        /// server recorded authors, and on pages from such a server. On the wire the key is left
        /// out then, so a client that knows no authors reads every page, and this one reads theirs.
        public var author: String?

        /// An entry from its parts.
        public init(seq: Int64, operation: ProjectOperation, author: String? = nil) {
            self.seq = seq
            self.operation = operation
            self.author = author
        }
    }

    /// The largest page the server sends.
    public static let limit = 1000

    /// The operations after the cursor, oldest first.
    public var operations: [Entry]
    /// The cursor to ask with next: the last sequence number on this page (or the cursor asked
    /// with, when the page is empty).
    public var next: Int64
    /// The board's latest sequence number when the page was read; the client is caught up once
    /// `next == head`.
    public var head: Int64

    /// A page from its parts.
    public init(operations: [Entry], next: Int64, head: Int64) {
        self.operations = operations
        self.next = next
        self.head = head
    }
}
