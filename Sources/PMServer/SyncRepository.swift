public import Foundation
public import PMDomain
public import PMSyncProtocol

/// Where the server keeps users, tokens, calendar feed keys, boards and each board's operations. One
/// implementation per backend; every one passes the same conformance suite.
public protocol SyncRepository: SessionRepository, Sendable {
    /// Adds a user; a name already taken is refused with ``SyncRepositoryError/userExists(_:)``.
    func addUser(name: UserName) async throws
    /// Stores a token of `user` by its clear prefix and SHA-256 hash.
    func addToken(_ token: StoredToken) async throws
    /// The stored tokens whose prefix is `prefix`, to compare hashes against.
    func tokens(prefix: String) async throws -> [StoredToken]
    /// Removes the one token whose prefix starts with `prefix`; none or several are refused.
    /// Every browser session of its user ends with it. Returns the user it belonged to.
    func revokeToken(prefix: String) async throws -> UserName
    /// Sets or replaces `user`'s password, stored as its bcrypt `hash` (never the password); an
    /// unknown user is refused with ``SyncRepositoryError/userUnknown(_:)``. Every browser
    /// session of the user ends with it, as with a revoked token: a new password shuts out
    /// whoever signed in with the old one.
    func setPassword(hash: String, user: UserName) async throws
    /// The bcrypt hash of `user`'s password; `nil` when they have none or there is no such user.
    func passwordHash(user: UserName) async throws -> String?
    /// Stores a calendar feed key of `key.user` for `key.board` by its clear prefix and SHA-256
    /// hash; the user must be a member of the board (``SyncRepositoryError/notAMember(board:user:)``).
    func addFeedKey(_ key: StoredFeedKey) async throws
    /// The stored feed keys whose prefix is `prefix`, to compare hashes against.
    func feedKeys(prefix: String) async throws -> [StoredFeedKey]
    /// Removes the one feed key whose prefix starts with `prefix`; none or several are refused.
    /// Returns the key removed.
    func revokeFeedKey(prefix: String) async throws -> StoredFeedKey
    /// Every user's name, in order.
    func users() async throws -> [UserName]
    /// Every board's name, in order.
    func boards() async throws -> [BoardName]
    /// The members of `board`, in order; an unknown board is refused.
    func members(board: BoardName) async throws -> [UserName]
    /// The tokens of `user`, oldest first; an unknown user is refused.
    func tokens(user: UserName) async throws -> [TokenSummary]
    /// Records that the token with `hash` signed someone in at `time`.
    func recordTokenUse(hash: [UInt8], at time: Date) async throws
    /// Removes every token of `user`, as ``revokeToken(prefix:)`` removes one, and ends their
    /// browser sessions; an unknown user is refused. Returns how many there were.
    func revokeTokens(user: UserName) async throws -> Int
    /// Takes `user` off `board`, with the feed keys they had for it (a feed key is only for a
    /// member); an unknown board, or a user who is not a member, is refused. Returns the feed keys removed.
    func removeMember(board: BoardName, user: UserName) async throws -> [StoredFeedKey]
    /// Adds a board with its first members, who must exist.
    func addBoard(_ board: BoardName, members: [UserName]) async throws
    /// Makes `user` a member of `board`.
    func grant(board: BoardName, user: UserName) async throws
    /// Whether `user` is a member of `board` (`false` when the board does not exist).
    func isMember(board: BoardName, user: UserName) async throws -> Bool
    /// Appends the operations not already on the board, in one transaction, and answers the
    /// sequence number of each, in order: a retried batch gets the same numbers back.
    /// `author` is the user whose push it is (the signed-in user, also for a change a CalDAV
    /// app makes), recorded with each new operation and sent beside it on pull; an operation
    /// already stored keeps the author it was first stored with.
    func push(board: BoardName, author: UserName?, operations: [ProjectOperation]) async throws
        -> [PushResponse.Result]
    /// Up to `limit` operations with a sequence number above `after`, in server order.
    func operations(board: BoardName, after: Int64, limit: Int) async throws -> OperationPage
    /// The same page as ``operations(board:after:limit:)``, each operation as the JSON text the
    /// backend stores, for the pull route to copy into its answer as it is.
    func storedOperations(board: BoardName, after: Int64, limit: Int) async throws -> StoredOperationPage
    /// The pull answer for that same page: the bytes ``StoredOperationPage/json()`` writes for
    /// it. A backend that can write them more cheaply than reading the rows one by one does.
    func pullAnswer(board: BoardName, after: Int64, limit: Int) async throws -> [UInt8]
    /// The merged cards of the board and the sequence number they reflect.
    func snapshot(board: BoardName) async throws -> BoardSnapshot
    /// The same cards as ``snapshot(board:)`` for the snapshot route to stream, in pages of
    /// about `size` cards, all reflecting the head the pages name; an unknown board is refused
    /// before any card is read. A backend that can read a page at a time from one consistent
    /// view does; the others read the board whole.
    func snapshotPages(board: BoardName, size: Int) async throws -> SnapshotPages
    /// Passes to `publish` every board head that other processes sharing this store announce,
    /// until cancelled. A store only one process may use returns at once: its own pushes are
    /// all there is, and the push route publishes those.
    func followHeads(_ publish: @escaping @Sendable (_ board: BoardName, _ head: Int64) -> Void) async throws
}

extension SyncRepository {
    /// The board read whole by ``snapshot(board:)``, handed out in pages.
    public func snapshotPages(board: BoardName, size: Int) async throws -> SnapshotPages {
        SnapshotPages(try await snapshot(board: board), size: size)
    }

    /// Appends operations whose author is unknown: for tests and tools that push on nobody's
    /// behalf. Every push a user makes passes its author to ``push(board:author:operations:)``.
    public func push(board: BoardName, operations: [ProjectOperation]) async throws -> [PushResponse.Result] {
        try await push(board: board, author: nil, operations: operations)
    }

    /// Writes each operation of ``operations(board:after:limit:)`` as the server stores it.
    public func storedOperations(board: BoardName, after: Int64, limit: Int) async throws -> StoredOperationPage {
        StoredOperationPage(try await operations(board: board, after: after, limit: limit))
    }

    /// Writes the page of ``storedOperations(board:after:limit:)``.
    public func pullAnswer(board: BoardName, after: Int64, limit: Int) async throws -> [UInt8] {
        try await storedOperations(board: board, after: after, limit: limit).json()
    }

    public func followHeads(_ publish: @escaping @Sendable (_ board: BoardName, _ head: Int64) -> Void) async throws {}
}

/// A token as the server keeps it: never the token itself.
public struct StoredToken: Hashable, Sendable {
    /// The user it signs in.
    public var user: UserName
    /// The token's first characters, in clear, to find it and to revoke it by.
    public var prefix: String
    /// SHA-256 of the whole token.
    public var hash: [UInt8]
    /// When it was made, shown by `token list`; `nil` when not known.
    public var created: Date?

    /// A stored token from its parts.
    public init(user: UserName, prefix: String, hash: [UInt8], created: Date? = nil) {
        self.user = user
        self.prefix = prefix
        self.hash = hash
        self.created = created
    }
}
