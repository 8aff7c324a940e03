public import Foundation
public import PMSyncProtocol

/// What signing in through a browser needs of the server's store: sessions (kept only as the
/// SHA-256 of their id, so a copy of the database opens no browser), the boards a user belongs
/// to, for the page that lists them, and whether anyone has an account yet, for the first run.
public protocol SessionRepository: Sendable {
    /// Stores a session of `session.user`, who must exist (``SyncRepositoryError/userUnknown(_:)``).
    func addSession(_ session: StoredSession) async throws
    /// The session whose id hashes to `hash`, expired or not (the caller compares with its clock).
    func session(hash: [UInt8]) async throws -> StoredSession?
    /// Ends the session whose id hashes to `hash`; an unknown one is already ended.
    func deleteSession(hash: [UInt8]) async throws
    /// Forgets every session that expired before `date`.
    func deleteSessions(expiredBefore date: Date) async throws
    /// The boards `user` is a member of, by name.
    func boards(member user: UserName) async throws -> [BoardName]
    /// Whether any user exists at all.
    func hasUsers() async throws -> Bool
}

/// A browser session as the server keeps it: never the session id itself.
public struct StoredSession: Hashable, Sendable {
    /// SHA-256 of the session id.
    public var hash: [UInt8]
    /// The user it signs in.
    public var user: UserName
    /// When it stops signing anyone in (whole seconds).
    public var expires: Date

    /// A stored session from its parts; `expires` is kept to the whole second, as every backend
    /// stores it.
    public init(hash: [UInt8], user: UserName, expires: Date) {
        self.hash = hash
        self.user = user
        self.expires = Date(timeIntervalSince1970: expires.timeIntervalSince1970.rounded(.down))
    }
}
