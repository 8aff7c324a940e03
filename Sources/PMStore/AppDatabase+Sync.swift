public import Foundation
import GRDB
public import PMDomain

extension AppDatabase {
    /// The remote, if one is set.
    public func remote() throws -> Remote? {
        try read { db in try RemoteRow.fetch(db).map(RemoteRow.remote) }
    }

    /// Sets the remote. The same board on the same server keeps its place in the stream (a new
    /// token, say); any other starts afresh: every operation here goes back to the outbox, so
    /// this board reaches the new one in full, and the new one's stream is pulled from the start.
    public func setRemote(_ remote: Remote) throws {
        try write { db in
            if let current = try RemoteRow.fetch(db).map(RemoteRow.remote), current.url == remote.url,
                current.board == remote.board
            {
                // No round runs now: one that began and was refused must not read as running.
                try db.execute(
                    sql:
                        "UPDATE remote SET token = ?, caFile = ?, stopped = 0, lastError = NULL, lastAttemptAt = lastSyncAt",
                    arguments: [remote.token, remote.caFile])
                return
            }
            try db.execute(sql: "DELETE FROM remote")
            // A backfill cut short here never resumes: the log's indexes it deferred return now.
            try Self.restoreLogIndexes(db)
            try db.execute(sql: "UPDATE operation SET serverSeq = NULL WHERE serverSeq IS NOT NULL")
            try db.execute(
                sql: "INSERT INTO remote (url, board, token, caFile) VALUES (?, ?, ?, ?)",
                arguments: [remote.url, remote.board, remote.token, remote.caFile])
        }
    }

    /// Forgets the remote. Every change stays on this device.
    @discardableResult
    public func removeRemote() throws -> Remote? {
        try write { db in
            let remote = try RemoteRow.fetch(db).map(RemoteRow.remote)
            try db.execute(sql: "DELETE FROM remote")
            try Self.restoreLogIndexes(db)
            return remote
        }
    }

    /// Where sync stands.
    public func syncRecord() throws -> SyncRecord {
        try read { db in RemoteRow.record(try RemoteRow.fetch(db), pending: try Self.pendingCount(db)) }
    }

    /// How many operations wait in the outbox.
    public func pendingCount() throws -> Int {
        try read { db in try Self.pendingCount(db) }
    }

    static func pendingCount(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM operation
                WHERE serverSeq IS NULL AND seq > coalesce((SELECT pushedThrough FROM remote), 0)
                """) ?? 0
    }

    /// The oldest `limit` operations of the outbox, in the order they were made.
    public func pendingOperations(limit: Int) throws -> [ProjectOperation] {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(OperationRow.columns) FROM operation
                    WHERE serverSeq IS NULL AND seq > coalesce((SELECT pushedThrough FROM remote), 0)
                    ORDER BY seq LIMIT ?
                    """, arguments: [limit])
            var operations: [ProjectOperation] = []
            while let row = try rows.next() { operations.append(try OperationRow.operation(row)) }
            return operations
        }
    }

    /// Takes the operations the server acknowledged out of the outbox, with the place each
    /// holds on the server.
    public func acknowledge(_ results: [(id: UUID, serverSeq: Int64)]) throws {
        try write { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE operation SET serverSeq = ? WHERE id = ? AND serverSeq IS NULL")
            for result in results {
                try statement.execute(arguments: [result.serverSeq, result.id.lowercased])
            }
            try Self.advancePushedThrough(db)
        }
    }

    /// Moves the outbox's low-water mark past the acknowledged operations at its front.
    static func advancePushedThrough(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE remote SET pushedThrough = coalesce(
                    (SELECT min(seq) - 1 FROM operation WHERE serverSeq IS NULL AND seq > remote.pushedThrough),
                    (SELECT max(seq) FROM operation),
                    0)
                """)
    }

    /// The last server sequence number merged from the stream (0 without a remote).
    public func cursor() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT cursor FROM remote") ?? 0 }
    }

    /// The operation the server numbered `serverSeq`, as this device knows it.
    public func operationID(serverSeq: Int64) throws -> UUID? {
        guard serverSeq > 0 else { return nil }
        return try read { db in
            try String.fetchOne(db, sql: "SELECT id FROM operation WHERE serverSeq = ? LIMIT 1", arguments: [serverSeq])
                .flatMap(UUID.init(uuidString:))
        }
    }

    /// Puts every operation on this device back in the outbox and the stream back at its start,
    /// for a server that lost operations this device holds (restored from an older backup): the
    /// next pushes send them all again — the server keeps those it still has, by id — and the
    /// next pull merges the server's whole stream, so nothing any device still holds is lost.
    public func resendEverything() throws {
        try write { db in
            try db.execute(sql: "UPDATE operation SET serverSeq = NULL WHERE serverSeq IS NOT NULL")
            try db.execute(sql: "UPDATE remote SET cursor = 0, backfill = 0, backfillEnd = 0, pushedThrough = 0")
            try Self.restoreLogIndexes(db)
        }
    }

    /// How many of this device's operations the server acknowledged past `cursor`: they are on
    /// the server's board beyond what this device pulled, but not news to it.
    public func acknowledgedCount(after cursor: Int64) throws -> Int64 {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT count(*) FROM operation WHERE serverSeq > ?", arguments: [cursor]) ?? 0
        }
    }
}
