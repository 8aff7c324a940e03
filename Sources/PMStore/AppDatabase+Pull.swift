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
    /// Merges operations pulled from the server, in one transaction: new ones join the log and
    /// merge by the per-field clock rule; known ones are this device's own whose acknowledgement
    /// was lost, and leave the outbox. Then the cursor moves, so a crash never skips a page nor
    /// applies one twice. Returns how many operations were new.
    @discardableResult
    public func merge(pulled entries: [(serverSeq: Int64, operation: ProjectOperation)], advancing cursor: PullCursor)
        throws -> Int
    {
        for entry in entries { try entry.operation.validate() }
        return try write { db in
            var clock = try Self.clock(db)
            var states: [UUID: ProjectState] = [:]
            var applied = 0
            let acknowledge = try db.cachedStatement(
                sql: "UPDATE operation SET serverSeq = ? WHERE id = ? AND serverSeq IS NULL")
            for (serverSeq, operation) in entries {
                guard try OperationRow.insert(operation, serverSeq: serverSeq, in: db) else {
                    try acknowledge.execute(arguments: [serverSeq, operation.id.lowercased])
                    continue
                }
                applied += 1
                clock.receive(operation.timestamp)
                var state = try states[operation.projectID] ?? ProjectRow.state(operation.projectID, in: db)
                state.apply(operation)
                states[operation.projectID] = state
            }
            for state in states.values { try ProjectRow.save(state, in: db) }
            try Self.save(clock, in: db)
            switch cursor {
            case .stream(let next):
                try db.execute(sql: "UPDATE remote SET cursor = max(cursor, ?)", arguments: [next])
            case .backfill(let next):
                try db.execute(sql: "UPDATE remote SET backfill = max(backfill, ?)", arguments: [next])
            }
            try Self.advancePushedThrough(db)
            return applied
        }
    }

    /// Starts an empty board from the server's merged cards at `serverSeq`, instead of replaying
    /// every operation: the cards appear at once, the stream continues from `serverSeq`, and
    /// the history before it is fetched afterwards (``PullCursor/backfill(next:)``). Returns
    /// `false`, changing nothing, unless this device holds no operation and has pulled none.
    public func start(from states: [ProjectState], serverSeq: Int64) throws -> Bool {
        try write { db in
            let empty = try Int64.fetchOne(db, sql: "SELECT seq FROM operation LIMIT 1") == nil
            let cursor = try Int64.fetchOne(db, sql: "SELECT cursor FROM remote")
            guard empty, cursor == 0 else { return false }
            var clock = try Self.clock(db)
            for state in states {
                try ProjectRow.save(state, in: db)
                let stamps = [
                    state.title?.timestamp, state.description?.timestamp, state.deadline?.timestamp,
                    state.status?.timestamp,
                ]
                for stamp in stamps.compactMap(\.self) { clock.receive(stamp) }
            }
            try Self.save(clock, in: db)
            try db.execute(
                sql: "UPDATE remote SET cursor = ?, backfill = 0, backfillEnd = ?", arguments: [serverSeq, serverSeq])
            return true
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

    /// Notes that a round failed with `message`; `stopped` when retrying cannot help.
    public func recordSyncFailure(_ message: String, stopped: Bool) throws {
        try write { db in
            try db.execute(sql: "UPDATE remote SET lastError = ?, stopped = ?", arguments: [message, stopped])
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

extension AppDatabase {
    /// How far the history before a snapshot start has been fetched, and where it ends.
    public func backfillPosition() throws -> (next: Int64, end: Int64) {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT backfill, backfillEnd FROM remote") else { return (0, 0) }
            return (row[0], row[1])
        }
    }
}
