public import Foundation
import GRDB
public import PMDomain

/// What an import did.
public struct ImportSummary: Hashable, Sendable {
    /// Operations the board did not hold yet.
    public var applied: Int
    /// Operations it held already (importing twice changes nothing).
    public var skipped: Int
}

extension AppDatabase {
    /// Applies operations from elsewhere (an import now, sync later) in one transaction: each is
    /// checked against the card rules first, known ones are skipped, and the rest merge by the
    /// per-field clock rule. Imported operations are not this device's actions, so they are not
    /// undoable. `authors` names the user who made an operation, where a server named one.
    /// `progress` is called with the number done and the total.
    public func apply(
        _ operations: [ProjectOperation], authors: [UUID: String] = [:],
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> ImportSummary {
        for operation in operations {
            try operation.validate()
        }
        let summary = try write { db in
            var clock = try Self.clock(db)
            let now = environment.wallTime
            // On an empty board every project is new: no need to look each one up.
            let boardIsEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM project") == 0
            var states: [UUID: ProjectState] = [:]
            states.reserveCapacity(operations.count)
            // A large import into an empty board builds the secondary indexes of the log and of the
            // cards once at the end rather than row by row: same result, in the same transaction,
            // much less work.
            let rebuildIndexes = boardIsEmpty && operations.count > 10_000
            if rebuildIndexes {
                try Self.deferLogIndexes(db)
                try db.execute(sql: "DROP INDEX project_by_list")
            }
            // The default 2 MB page cache spills to disk mid-transaction on large imports.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
            let rows = try ImportRows(db)
            var applied = 0
            for (index, operation) in operations.enumerated() {
                if index % 1000 == 0 { progress(index, operations.count) }
                guard try rows.insert(operation, author: authors[operation.id]) else { continue }
                applied += 1
                clock.receive(operation.timestamp, now: now)
                let id = operation.projectID
                if states[id] == nil {
                    states[id] = boardIsEmpty ? ProjectState(id: id) : try ProjectRow.state(id, in: db)
                }
                // Merged in place, without copying the state out of the dictionary and back.
                states[id]?.apply(operation)
            }
            // In id order, so the primary key's b-tree grows at its end instead of splitting pages
            // all over: the same rows, fewer pages touched.
            for id in states.keys.sorted(by: Self.precedes) {
                try rows.save(states[id]!)
            }
            try rows.notifyChanges()
            if rebuildIndexes {
                try db.execute(sql: Self.operationIndexes + Self.projectIndexes)
            }
            try Self.save(clock, in: db)
            progress(operations.count, operations.count)
            return ImportSummary(applied: applied, skipped: operations.count - applied)
        }
        return summary
    }

    /// Whether `left` sorts before `right` as their lowercase text does (the `project` key):
    /// byte by byte, since hex digits and hyphens sort the same in both forms.
    static func precedes(_ left: UUID, _ right: UUID) -> Bool {
        withUnsafeBytes(of: left.uuid) { left in
            withUnsafeBytes(of: right.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    /// The whole board and its history, as `pm export` writes it.
    public func export() throws -> ExportDocument {
        let today = environment.today
        let (operations, projects, authors) = try read { db in
            (try Self.allOperations(db), try Self.visibleProjects(db), try OperationRow.authors(in: db))
        }
        return ExportDocument(
            exportedAt: environment.now(),
            projects: Board(projects).allProjects.map { ProjectJSON($0, today: today) },
            history: History.entries(for: operations, authors: authors).map { HistoryEntryJSON($0) },
            operations: operations,
            authors: Dictionary(uniqueKeysWithValues: authors.map { ($0.key.lowercased, $0.value) }))
    }
}
