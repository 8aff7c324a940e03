/// The payload of a notification on ``PostgresSyncRepository/notificationChannel``: operations
/// landed on `board`, whose latest sequence number is now `head`.
public struct BoardHeadNotification: Codable, Hashable, Sendable {
    /// The board's name.
    public var board: String
    /// The board's latest sequence number.
    public var head: Int64

    /// A notification from its parts.
    public init(board: String, head: Int64) {
        self.board = board
        self.head = head
    }
}
