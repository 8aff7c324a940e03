/// What the server sends on `GET /v1/boards/{board}/live`, as a WebSocket text message: the
/// board's head sequence number, once on connecting and again whenever operations land on the
/// board through any server process. Heads only ever rise; a client that sees one above its
/// cursor pulls.
public struct LiveFrame: Codable, Hashable, Sendable {
    /// The board's latest sequence number.
    public var head: Int64

    /// A frame announcing `head`.
    public init(head: Int64) {
        self.head = head
    }
}
