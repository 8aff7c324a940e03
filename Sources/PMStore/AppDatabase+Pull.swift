public import Foundation
import GRDB
public import PMDomain

/// Which part of the server's order a pulled page belongs to.
public enum PullCursor: Hashable, Sendable {
    /// The stream of new operations; `next` becomes the remote's cursor.
    case stream(next: Int64)
    /// The history before a snapshot start; `next` is how far it has been fetched.
    case backfill(next: Int64)
}

extension AppDatabase {
    /// Merges operations pulled from the server whose authors are unknown (a server that sends
    /// none): ``merge(pulled:advancing:deferringIndexesFrom:)`` with no author.
    @discardableResult
    public func merge(pulled entries: [(serverSeq: Int64, operation: ProjectOperation)], advancing cursor: PullCursor)
        throws -> Int
    {
        try merge(pulled: entries.map { ($0.serverSeq, $0.operation, nil) }, advancing: cursor)
    }

    /// Merges operations pulled from the server, in one transaction: new ones join the log with
    /// their author and merge by the per-field clock rule; known ones are this device's own
    /// whose acknowledgement was lost, and leave the outbox. Then the cursor moves, so a crash
    /// never skips a page nor applies one twice. Returns how many operations were new.
    ///
    /// The first batch of a history behind a snapshot start of at least `threshold` operations
    /// drops the log's secondary indexes, and the batch that ends it builds them again (see
    /// ``deferLogIndexes(_:)``): the same rows and indexes as merging with them, for less work.
    @discardableResult
    public func merge(
        pulled entries: [(serverSeq: Int64, operation: ProjectOperation, author: String?)],
        advancing cursor: PullCursor,
        deferringIndexesFrom threshold: Int = deferredIndexBackfill
    ) throws -> Int {
        for entry in entries { try entry.operation.validate(allowingControlCharacters: true) }
        return try write { db in
            if entries.count > 2_000 { try Self.prepareForLargeWrite(db) }
            if case .backfill = cursor, let backfill = try RemoteRow.fetch(db).map(RemoteRow.backfill),
                backfill.next == 0, backfill.end >= Int64(threshold)
            {
                try Self.deferLogIndexes(db)
            }
            var clock = try Self.clock(db)
            let now = environment.wallTime
            let stored = try ProjectRow.states(Set(entries.map(\.operation.projectID)), in: db)
            var states: [UUID: (stored: ProjectState, merged: ProjectState)] = [:]
            var applied = 0
            let acknowledge = try db.cachedStatement(
                sql: "UPDATE operation SET serverSeq = ? WHERE id = ? AND serverSeq IS NULL")
            // This device's own operations come back on pull with the user who pushed them, so
            // its history says what every other device's says.
            let attribute = try db.cachedStatement(
                sql: "UPDATE operation SET author = ? WHERE id = ? AND author IS NULL")
            let rows = try ImportRows(db)
            for (serverSeq, operation, author) in entries {
                guard try rows.insert(operation, serverSeq: serverSeq, author: author) else {
                    try acknowledge.execute(arguments: [serverSeq, operation.id.lowercased])
                    if let author { try attribute.execute(arguments: [author, operation.id.lowercased]) }
                    continue
                }
                applied += 1
                clock.receive(operation.timestamp, now: now)
                if states[operation.projectID] == nil {
                    let before = stored[operation.projectID] ?? ProjectState(id: operation.projectID)
                    states[operation.projectID] = (before, before)
                }
                states[operation.projectID]!.merged.apply(operation)
            }
            // History fetched behind a snapshot start rarely changes a card: the snapshot holds
            // its outcome already. Only cards that did change are written.
            for (stored, merged) in states.values where merged != stored { try rows.save(merged) }
            try rows.notifyChanges()
            try Self.save(clock, in: db)
            switch cursor {
            case .stream(let next):
                try db.execute(sql: "UPDATE remote SET cursor = max(cursor, ?)", arguments: [next])
            case .backfill(let next):
                try db.execute(sql: "UPDATE remote SET backfill = max(backfill, ?)", arguments: [next])
            }
            try Self.advancePushedThrough(db)
            if try !Self.backfillPending(db) { try Self.restoreLogIndexes(db) }
            return applied
        }
    }

    /// Notes that a round began at `date`.
    public func recordSyncAttempt(at date: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE remote SET lastAttemptAt = ?", arguments: [Self.milliseconds(date)])
        }
    }

    /// Notes that a full round succeeded at `date`, clearing the last error.
    public func recordSyncSuccess(at date: Date) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE remote SET lastSyncAt = ?, lastError = NULL, stopped = 0",
                arguments: [Self.milliseconds(date)])
        }
    }

    /// Notes that a round failed with `message`; `stopped` when retrying cannot help,
    /// `tokenRefused` when the server refused the token itself (only a new one helps).
    public func recordSyncFailure(_ message: String, stopped: Bool, tokenRefused: Bool = false) throws {
        let state = tokenRefused ? Self.stoppedTokenRefused : (stopped ? 1 : 0)
        try write { db in
            try db.execute(sql: "UPDATE remote SET lastError = ?, stopped = ?", arguments: [message, state])
        }
    }

    /// The value of `remote.stopped` that says the server refused the token: 0 is syncing, 1
    /// stopped until `pm sync` gets through, 2 stopped until `pm remote set` gives a new token.
    static let stoppedTokenRefused = 2

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

extension AppDatabase {
    /// Gives this connection a 64 MiB page cache, for the rest of its life: the default 2 MB
    /// spills to disk mid-transaction when a new device takes in a board of tens of thousands
    /// of cards and operations, and its pages are wanted again by the next transaction.
    static func prepareForLargeWrite(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -65536")
    }

    /// How far the history before a snapshot start has been fetched, and where it ends.
    public func backfillPosition() throws -> (next: Int64, end: Int64) {
        try read { db in
            try RemoteRow.fetch(db).map(RemoteRow.backfill) ?? (0, 0)
        }
    }
}
