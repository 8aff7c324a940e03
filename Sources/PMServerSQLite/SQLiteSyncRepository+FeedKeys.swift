import Foundation
import GRDB
import PMSQLite
public import PMServer
import PMSyncProtocol

extension SQLiteSyncRepository {
    public func addFeedKey(_ key: StoredFeedKey) async throws {
        try await writer.write { db in
            guard try Self.userExists(db, key.user) else { throw SyncRepositoryError.userUnknown(key.user) }
            guard try Self.boardExists(db, key.board) else { throw SyncRepositoryError.boardUnknown(key.board) }
            guard try Self.isMember(db, board: key.board, user: key.user) else {
                throw SyncRepositoryError.notAMember(board: key.board, user: key.user)
            }
            try db.execute(
                sql: "INSERT INTO feed_key (prefix, hash, user, board) VALUES (?, ?, ?, ?)",
                arguments: [key.prefix, Data(key.hash), key.user.text, key.board.text])
        }
    }

    public func feedKeys(prefix: String) async throws -> [StoredFeedKey] {
        try await writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(StoredColumns.FeedKey.selection) FROM feed_key WHERE prefix = ?", arguments: [prefix]
            ).map(Self.feedKey)
        }
    }

    public func revokeFeedKey(prefix: String) async throws -> StoredFeedKey {
        try await writer.write { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT \(StoredColumns.FeedKey.selection) FROM feed_key WHERE substr(prefix, 1, ?) = ? LIMIT 2",
                arguments: [prefix.count, prefix])
            guard let row = rows.first else { throw SyncRepositoryError.feedKeyUnknown(prefix) }
            guard rows.count == 1 else { throw SyncRepositoryError.feedKeyAmbiguous(prefix) }
            let key = Self.feedKey(row)
            try db.execute(
                sql: "DELETE FROM feed_key WHERE rowid = ?", arguments: [row[StoredColumns.FeedKey.rowid] as Int64])
            try record(.feedKeyRevoked(hash: key.hash))
            return key
        }
    }

    /// The key in a row selected with ``StoredColumns/FeedKey``.
    static func feedKey(_ row: Row) -> StoredFeedKey {
        typealias Column = StoredColumns.FeedKey
        return StoredFeedKey(
            user: UserName(row[Column.user]), board: BoardName(row[Column.board]), prefix: row[Column.prefix],
            hash: Array(row[Column.hash] as Data))
    }

    static func isMember(_ db: Database, board: BoardName, user: UserName) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM member WHERE board = ? AND user = ?)",
            arguments: [board.text, user.text])
            ?? false
    }
}
