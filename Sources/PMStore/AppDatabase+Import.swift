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
        let summary = try whileBulkLoading(operations.count) {
            try write { db in
                var clock = try Self.clock(db)
                let now = environment.wallTime
                // On an empty board every project is new: no need to look each one up.
                let boardIsEmpty = try Int.fetchOne(db, sql: "SELECT count(*) FROM project") == 0
                var states: [UUID: ProjectState] = [:]
                states.reserveCapacity(operations.count)
                // A large import into an empty board builds the secondary indexes of the log and of the
                // cards once at the end rather than row by row: same result, in the same transaction,
                // much less work.
                let rebuildIndexes = boardIsEmpty && operations.count > Self.bulkLoadCount
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
        }
        return summary
    }

    /// Runs `body` (one transaction) with a rollback journal instead of the WAL when it loads
    /// more than ``bulkLoadCount`` operations into an empty board and no other connection has
    /// the file open. Through the WAL every page of a bulk load is written twice, once into the
    /// WAL and once more when closing checkpoints it, and the WAL grows to the size of the board
    /// (108 MB for 100,000 cards); with a rollback journal the new pages go into the file once,
    /// and the journal holds only the few pages the file had. The commit is as atomic and, with
    /// `synchronous = FULL` meanwhile, as durable: `kill -9` before it leaves a hot journal that
    /// the next opening rolls back (CrashTests). The WAL is set again afterwards, or by the next
    /// opening when a reader arrived meanwhile and holds it off.
    func whileBulkLoading<T>(_ count: Int, _ body: () throws -> T) throws -> T {
        // A command's own connection only: the board's pool of readers needs the WAL.
        guard count > Self.bulkLoadCount, writer is DatabaseQueue,
            (try? read({ try Int.fetchOne($0, sql: "SELECT count(*) FROM project") })) == 0,
            (try? writer.writeWithoutTransaction({ try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }))
                == "delete"
        else { return try body() }
        defer {
            _ = try? writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                return try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
        }
        try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
        return try body()
    }

    /// The size from which a load into an empty board builds its indexes at the end and writes
    /// through a rollback journal (``whileBulkLoading(_:_:)``).
    static let bulkLoadCount = 10_000

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
