public import Foundation

/// The server a board syncs with: `pm remote set URL --board BOARD --token TOKEN`.
public struct Remote: Hashable, Sendable {
    /// The server's address, `http://host:port` or `https://…`.
    public var url: String
    /// The board's name on the server.
    public var board: String
    /// The bearer token; never printed.
    public var token: String
    /// A PEM file of the private CA that signs the server's certificate, trusted beside the
    /// system's CAs (`--ca-file`): an absolute path.
    public var caFile: String?

    /// A remote from its parts.
    public init(url: String, board: String, token: String, caFile: String? = nil) {
        self.url = url
        self.board = board
        self.token = token
        self.caFile = caFile
    }

    /// `token` as it may be shown: its first characters (`pm_5a01…`), never the whole.
    public static func masked(_ token: String) -> String {
        token.count > 12 ? String(token.prefix(7)) + "…" : "…"
    }

    /// The command that gives this remote a new token, as a user types it.
    public var setAgain: String { "pm remote set \(url) --board \(board) --token -" }
}

/// Where sync stands, as the database remembers it between processes.
public struct SyncRecord: Hashable, Sendable {
    /// The remote, if one is set.
    public var remote: Remote?
    /// Operations made here (or imported) that the server has not acknowledged.
    public var pending: Int
    /// The last server sequence number merged from the stream.
    public var cursor: Int64
    /// Server operations before a snapshot start whose history is still to be fetched.
    public var backfillRemaining: Int64
    /// When the last full round succeeded.
    public var lastSyncAt: Date?
    /// When the last round, failed or not, began.
    public var lastAttemptAt: Date?
    /// The last round's error, cleared by a round that succeeds.
    public var lastError: String?
    /// Whether syncing stopped on an error retrying cannot fix (a revoked token, a removed
    /// board) until the user acts: `pm sync` tries again, `pm remote set` starts afresh.
    public var stopped: Bool
    /// Whether syncing stopped because the server refused the remote's token (401): it is not
    /// sent again, not even by `pm sync`, until `pm remote set` gives a token.
    public var tokenRefused: Bool
    /// Whether this device is joining the board: some of the server's cards are stored, the
    /// rest still to come (the next round receives them).
    public var joining = false
}
