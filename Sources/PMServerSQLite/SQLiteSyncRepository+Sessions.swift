public import Foundation
import GRDB
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    /// The web board's browser sessions: only the SHA-256 of each id, its user (sessions go with
    /// the user) and its expiry in whole seconds since 1970.
    static func registerSessionsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3: sessions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE session (
                        hash BLOB PRIMARY KEY NOT NULL CHECK (length(hash) = 32),
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        expires INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE INDEX session_user ON session(user);
                    """)
        }
    }

    public func addSession(_ session: StoredSession) async throws {
        try await writer.write { db in
            guard try Self.userExists(db, session.user) else { throw SyncRepositoryError.userUnknown(session.user) }
            try db.execute(
                sql: "INSERT OR REPLACE INTO session (hash, user, expires) VALUES (?, ?, ?)",
                arguments: [Data(session.hash), session.user.text, Int64(session.expires.timeIntervalSince1970)])
        }
    }

    public func session(hash: [UInt8]) async throws -> StoredSession? {
        try await writer.read { db in
            typealias Column = StoredColumns.Session
            return try Row.fetchOne(
                db, sql: "SELECT \(Column.selection) FROM session WHERE hash = ?", arguments: [Data(hash)]
            ).map { row in
                StoredSession(
                    hash: hash, user: UserName(row[Column.user]),
                    expires: Date(timeIntervalSince1970: TimeInterval(row[Column.expires] as Int64)))
            }
        }
    }

    public func deleteSession(hash: [UInt8]) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM session WHERE hash = ?", arguments: [Data(hash)])
        }
    }

    public func deleteSessions(expiredBefore date: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM session WHERE expires < ?", arguments: [Int64(date.timeIntervalSince1970)])
        }
    }

    public func boards(member user: UserName) async throws -> [BoardName] {
        try await writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT board FROM member WHERE user = ? ORDER BY board", arguments: [user.text]
            )
            .map { BoardName($0) }
        }
    }

    public func hasUsers() async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user)") ?? false
        }
    }
}
