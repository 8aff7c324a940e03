import Foundation
import GRDB
import PMDomain

extension AppDatabase {
    /// Gives this device's own changes still in the outbox that are stamped more than the skew
    /// ahead of its clock a fresh stamp at its own time, and merges their cards again; returns
    /// how many. Such a change was made while the clock had followed a far-future reading (before
    /// clocks were bounded) or while the wall clock ran far ahead: the server refuses it, and
    /// the outbox behind it, for ever. No other device has it (the server never took it), so
    /// stamping it anew changes what only this device has seen.
    @discardableResult
    public func restampOutboxAhead() throws -> Int {
        try write { db in
            let now = environment.wallTime
            var clock = try Self.clock(db)
            let beyond = Self.firstTextBeyond(clock, now: now)
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM operation
                    WHERE serverSeq IS NULL AND seq > coalesce((SELECT pushedThrough FROM remote), 0) AND clock >= ?
                    ORDER BY seq
                    """, arguments: [beyond])
            guard !ids.isEmpty else { return 0 }
            if clock.isAhead(of: now) { clock = try Self.recovered(clock, now: now, in: db) }
            var projects: Set<String> = []
            for id in ids {
                let stamp = clock.tick(now: now)
                try db.execute(sql: "UPDATE operation SET clock = ? WHERE id = ?", arguments: [stamp.description, id])
                if let project = try String.fetchOne(
                    db, sql: "SELECT projectId FROM operation WHERE id = ?", arguments: [id])
                {
                    projects.insert(project)
                }
            }
            // Each card merged again over its whole log, now in the new order.
            let (operations, _) = try OperationRow.operations(ofProjects: projects, in: db)
            var states: [UUID: ProjectState] = [:]
            for operation in operations {
                states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
            }
            for state in states.values { try ProjectRow.save(state, in: db) }
            try Self.save(clock, in: db)
            return ids.count
        }
    }

    /// The clock of a device whose stored clock is more than the skew ahead of `now` (it took
    /// in a far-future reading before clocks were bounded): the latest operation of the log
    /// within the bound taken in afresh, so changes still sort after every operation seen that
    /// the clock may follow, and are stamped at this device's own time otherwise.
    static func recovered(_ clock: HybridClock, now: Int64, in db: Database) throws -> HybridClock {
        var recovered = HybridClock(device: clock.device, skew: clock.skew)
        if let text = try String.fetchOne(
            db, sql: "SELECT clock FROM operation WHERE clock < ? ORDER BY clock DESC LIMIT 1",
            arguments: [firstTextBeyond(clock, now: now)]),
            let latest = HybridTimestamp(text)
        {
            recovered.receive(latest, now: now)
        }
        return recovered
    }

    /// The text form's wall-time digits of the first wall time past `clock`'s bound at `now`:
    /// the text form sorts as the clock does, so every stored clock below it is within the bound
    /// (and found on the clock index).
    static func firstTextBeyond(_ clock: HybridClock, now: Int64) -> String {
        let bound = clock.bound(now: now)
        let first = bound == .max ? bound : bound + 1
        return String(HybridTimestamp(wallTime: first, counter: 0, device: clock.device).description.prefix(18))
    }
}
