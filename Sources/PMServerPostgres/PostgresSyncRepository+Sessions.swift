public import Foundation
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    /// The web board's browser sessions: only the SHA-256 of each id, its user (sessions go with
    /// the user) and its expiry.
    static let sessionsMigration = Migration(
        name: "v3: sessions",
        statements: [
            """
            CREATE TABLE sessions (
                hash BYTEA PRIMARY KEY CHECK (length(hash) = 32),
                user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
                expires_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX sessions_user_name ON sessions(user_name)",
        ])

    public func addSession(_ session: StoredSession) async throws {
        let rows = try await client.query(
            """
            INSERT INTO sessions (hash, user_name, expires_at)
            SELECT \(ByteBuffer(bytes: session.hash)), name, \(session.expires) FROM users WHERE name = \(session.user.text)
            ON CONFLICT (hash) DO UPDATE SET user_name = EXCLUDED.user_name, expires_at = EXCLUDED.expires_at
            RETURNING user_name
            """, logger: logger)
        guard try await rows.decode(String.self).first(where: { _ in true }) != nil else {
            throw SyncRepositoryError.userUnknown(session.user)
        }
    }

    public func session(hash: [UInt8]) async throws -> StoredSession? {
        let rows = try await client.query(
            "SELECT user_name, expires_at FROM sessions WHERE hash = \(ByteBuffer(bytes: hash))", logger: logger)
        for try await (user, expires) in rows.decode((String, Date).self) {
            return StoredSession(hash: hash, user: UserName(user), expires: expires)
        }
        return nil
    }

    public func deleteSession(hash: [UInt8]) async throws {
        try await client.query("DELETE FROM sessions WHERE hash = \(ByteBuffer(bytes: hash))", logger: logger)
    }

    public func deleteSessions(expiredBefore date: Date) async throws {
        try await client.query("DELETE FROM sessions WHERE expires_at < \(date)", logger: logger)
    }

    public func boards(member user: UserName) async throws -> [BoardName] {
        // Byte order, as the other backends sort, whatever the database's locale.
        let rows = try await client.query(
            "SELECT board FROM members WHERE user_name = \(user.text) ORDER BY board COLLATE \"C\"", logger: logger)
        var boards: [BoardName] = []
        for try await board in rows.decode(String.self) { boards.append(BoardName(board)) }
        return boards
    }

    public func hasUsers() async throws -> Bool {
        let rows = try await client.query("SELECT EXISTS (SELECT 1 FROM users)", logger: logger)
        return try await rows.decode(Bool.self).first(where: { _ in true }) ?? false
    }
}
