public import Foundation
import GRDB
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    /// When each token was made and last signed someone in, in whole seconds since 1970; NULL
    /// for tokens made before, and until first used.
    static func registerTokenTimes(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7: token times") { db in
            try db.execute(
                sql: """
                    ALTER TABLE token ADD COLUMN created INTEGER;
                    ALTER TABLE token ADD COLUMN lastUsed INTEGER;
                    CREATE INDEX token_user ON token(user);
                    """)
        }
    }

    public func users() async throws -> [UserName] {
        try await writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM user ORDER BY name").map { UserName($0) }
        }
    }

    public func boards() async throws -> [BoardName] {
        try await writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM board ORDER BY name").map { BoardName($0) }
        }
    }

    public func members(board: BoardName) async throws -> [UserName] {
        try await writer.read { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            return try String.fetchAll(
                db, sql: "SELECT user FROM member WHERE board = ? ORDER BY user", arguments: [board.text]
            ).map { UserName($0) }
        }
    }

    public func tokens(user: UserName) async throws -> [TokenSummary] {
        try await writer.read { db in
            guard try Self.userExists(db, user) else { throw SyncRepositoryError.userUnknown(user) }
            typealias Column = StoredColumns.TokenSummary
            return try Row.fetchAll(
                db, sql: "SELECT \(Column.selection) FROM token WHERE user = ? ORDER BY created, prefix",
                arguments: [user.text]
            ).map { row in
                TokenSummary(
                    prefix: row[Column.prefix], created: Self.date(row[Column.created]),
                    lastUsed: Self.date(row[Column.lastUsed]))
            }
        }
    }

    public func recordTokenUse(hash: [UInt8], at time: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE token SET lastUsed = ? WHERE hash = ?",
                arguments: [Self.seconds(time), Data(hash)])
        }
    }

    public func revokeTokens(user: UserName) async throws -> Int {
        try await writer.write { db in
            guard try Self.userExists(db, user) else { throw SyncRepositoryError.userUnknown(user) }
            let hashes = try Data.fetchAll(db, sql: "SELECT hash FROM token WHERE user = ?", arguments: [user.text])
            try db.execute(sql: "DELETE FROM token WHERE user = ?", arguments: [user.text])
            try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [user.text])
            for hash in hashes { try record(.tokenRevoked(hash: Array(hash))) }
            return hashes.count
        }
    }

    public func removeMember(board: BoardName, user: UserName) async throws -> [StoredFeedKey] {
        try await writer.write { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            let keys = try Row.fetchAll(
                db, sql: "SELECT \(StoredColumns.FeedKey.selection) FROM feed_key WHERE board = ? AND user = ?",
                arguments: [board.text, user.text]
            ).map(Self.feedKey)
            try db.execute(sql: "DELETE FROM member WHERE board = ? AND user = ?", arguments: [board.text, user.text])
            guard db.changesCount == 1 else { throw SyncRepositoryError.notOnBoard(board: board, user: user) }
            try db.execute(
                sql: "DELETE FROM feed_key WHERE board = ? AND user = ?", arguments: [board.text, user.text])
            // A restore must not give back a key of someone no longer on the board.
            for key in keys { try record(.feedKeyRevoked(hash: key.hash)) }
            return keys
        }
    }

    /// A time as the store keeps it: whole seconds since 1970.
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970) }

    private static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
