import Foundation
import Hummingbird
import PMServer
import PMSyncProtocol

/// Browser sessions over the server's store. A session lasts ``lifetime`` from sign-in and is
/// not extended by use (a fixed expiry costs no write per request, and a stolen cookie stops
/// working on a known day); it ends earlier on sign-out and when any of its user's tokens is
/// revoked. `now` and `randomBytes` are injected so that tests choose the time and the ids.
struct Sessions<Repository: SyncRepository>: Sendable {
    /// How long a session lasts: 30 days.
    static var lifetime: TimeInterval { 30 * 24 * 60 * 60 }

    let repository: Repository
    let now: @Sendable () -> Date
    let randomBytes: @Sendable (_ count: Int) -> [UInt8]

    /// Starts a session of `user` and answers its id, for the cookie. Sessions that expired
    /// are swept away on the way, so the table holds no more than the live ones for long.
    func start(user: UserName) async throws -> SessionID {
        let id = SessionID(randomBytes: randomBytes(32))
        let now = now()
        try await repository.deleteSessions(expiredBefore: now)
        try await repository.addSession(
            StoredSession(hash: id.hash, user: user, expires: now.addingTimeInterval(Self.lifetime)))
        return id
    }

    /// The user the request's session cookie signs in, if it names a live session.
    func user(of request: Request) async throws -> UserName? {
        try await session(of: request)?.user
    }

    /// The live session the request's cookie names, if any.
    func session(of request: Request) async throws -> StoredSession? {
        guard let id = SessionCookie.id(in: request),
            let session = try await repository.session(hash: id.hash), session.expires > now()
        else { return nil }
        return session
    }

    /// Ends the request's session, if it has one.
    func end(_ request: Request) async throws {
        guard let id = SessionCookie.id(in: request) else { return }
        try await repository.deleteSession(hash: id.hash)
    }

    /// The cookie for a session `id` started by `request`.
    func cookie(_ id: SessionID, for request: Request) -> Cookie {
        SessionCookie.setting(id, maxAge: Int(Self.lifetime), secure: RequestOrigin(request: request).isSecure)
    }
}
