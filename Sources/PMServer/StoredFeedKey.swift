public import PMSyncProtocol

/// A feed key as the server keeps it: never the key itself.
public struct StoredFeedKey: Hashable, Sendable {
    /// The user it was made for; the feed answers only while they are a member of ``board``.
    public var user: UserName
    /// The one board whose feed it opens.
    public var board: BoardName
    /// The key's first characters, in clear, to find it and to revoke it by.
    public var prefix: String
    /// SHA-256 of the whole key.
    public var hash: [UInt8]

    /// A stored key from its parts.
    public init(user: UserName, board: BoardName, prefix: String, hash: [UInt8]) {
        self.user = user
        self.board = board
        self.prefix = prefix
        self.hash = hash
    }
}
