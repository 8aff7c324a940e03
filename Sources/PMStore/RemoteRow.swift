import Foundation
import GRDB
import PMSQLite

/// Reads the `remote` table's one row: the remote and where sync stands.
enum RemoteRow {
    /// What the remote and sync's state are read from.
    enum Columns: Int, SelectedColumn {
        case url, board, token, caFile, cursor, backfill, backfillEnd, lastSyncAt, lastAttemptAt, lastError, stopped
        case joining
        var sql: String { "remote.\(self)" }
    }

    /// The row, if a remote is set.
    static func fetch(_ db: Database) throws -> Row? {
        try Row.fetchOne(db, sql: "SELECT \(Columns.selection) FROM remote")
    }

    /// The remote in a row from ``fetch(_:)``.
    static func remote(_ row: Row) -> Remote {
        Remote(url: row[Columns.url], board: row[Columns.board], token: row[Columns.token], caFile: row[Columns.caFile])
    }

    /// How far the history before a snapshot start has been fetched, and where it ends.
    static func backfill(_ row: Row) -> (next: Int64, end: Int64) {
        (row[Columns.backfill], row[Columns.backfillEnd])
    }

    /// Where sync stands, from the row (`nil`: no remote) and the outbox's size.
    static func record(_ row: Row?, pending: Int) -> SyncRecord {
        let stopped: Int = row?[Columns.stopped] ?? 0
        let date = { (milliseconds: Int64?) in milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
        return SyncRecord(
            remote: row.map(remote),
            pending: pending,
            cursor: row?[Columns.cursor] ?? 0,
            backfillRemaining: row.map { max(0, backfill($0).end - backfill($0).next) } ?? 0,
            lastSyncAt: date(row?[Columns.lastSyncAt]),
            lastAttemptAt: date(row?[Columns.lastAttemptAt]),
            lastError: row?[Columns.lastError],
            stopped: stopped != 0,
            tokenRefused: stopped == AppDatabase.stoppedTokenRefused,
            joining: (row?[Columns.joining] ?? 0) > (0 as Int64))
    }
}
