public import Foundation

/// What `pm-server token list` shows of a token: never the token or its hash.
public struct TokenSummary: Hashable, Sendable {
    /// The token's first characters, which `token revoke` takes.
    public var prefix: String
    /// When it was made; `nil` for a token made before the server recorded it.
    public var created: Date?
    /// When it last signed someone in, to within ``TokenUses/resolution``; `nil` if never since
    /// the server recorded it.
    public var lastUsed: Date?

    /// A summary from its parts.
    public init(prefix: String, created: Date?, lastUsed: Date?) {
        self.prefix = prefix
        self.created = created
        self.lastUsed = lastUsed
    }
}
