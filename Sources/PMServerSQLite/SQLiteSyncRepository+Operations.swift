import Foundation
import GRDB
public import PMDomain
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    public func push(board name: BoardName, author: UserName?, operations: [ProjectOperation]) async throws
        -> [PushResponse.Result]
    {
        let board = name.text
        let author = author?.text
        // Everything that needs no database is done before the write transaction, which is
        // the one part pushes (to any board) take turns at.
        let prepared = PreparedPush(operations: operations)
        let ids = operations.map(\.id.lowercased)
        return try await writer.write { db in
            guard try Self.boardExists(db, name) else { throw SyncRepositoryError.boardUnknown(name) }
            let head =
                try Self.head(db, board: board)
            if let results = try Self.pushNew(
                db, board: board, author: author, ids: ids, prepared: prepared, head: head)
            {
                return results
            }
            return try Self.pushCarefully(
                db, board: board, author: author, ids: ids, bodies: prepared.bodies, operations: operations, head: head)
        }
    }

    /// A push of which some operations may be stored already: their numbers are read first, in
    /// the transaction that stores the others (``PreparedPush`` tries without that read first).
    static func pushCarefully(
        _ db: Database, board: String, author: String?, ids: [String], bodies: [String],
        operations: [ProjectOperation], head: Int64
    ) throws -> [PushResponse.Result] {
        // The ids already stored, in one query. `CROSS JOIN` keeps the list as the outer
        // loop, so each id is one look-up in the (board, id) index: with `id IN (…)` SQLite
        // chose to scan the board's whole log.
        var stored: [UUID: Int64] = [:]
        let known = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(StoredColumns.OperationNumber.selection) FROM json_each(?) AS list CROSS JOIN operation
                WHERE operation.board = ? AND operation.id = list.value
                """,
            arguments: [jsonArray(ids), board])
        while let row = try known.next() {
            guard let id = UUID(uuidString: row[StoredColumns.OperationNumber.id]) else { continue }
            stored[id] = row[StoredColumns.OperationNumber.seq]
        }
        let plan = PushPlan(operations: operations, head: head, stored: stored)

        let insert = try db.cachedStatement(
            sql: "INSERT INTO operation (board, seq, id, body, author) VALUES (?, ?, ?, ?, ?)")
        for new in plan.inserts {
            insert.setUncheckedArguments([board, new.seq, ids[new.index], bodies[new.index], author])
            try insert.execute()
        }
        guard !plan.inserts.isEmpty else { return plan.results }

        // The touched cards' merged states, in one query, merged and written back.
        let current = try storedStates(db, board: board, cards: plan.touchedProjects.map(\.lowercased))
        let save = try db.cachedStatement(
            sql: """
                INSERT INTO project (board, id, state) VALUES (?, ?, ?)
                ON CONFLICT (board, id) DO UPDATE SET state = excluded.state
                """)
        for (id, state) in plan.mergedStates(current: current) {
            save.setUncheckedArguments([board, id.lowercased, MergedProject.json(state)])
            try save.execute()
        }
        return plan.results
    }

    /// The merged states stored for `cards` (lowercased ids) on `board`, in one query.
    static func storedStates(_ db: Database, board: String, cards: [String]) throws -> [UUID: ProjectState] {
        var current: [UUID: ProjectState] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(StoredColumns.Card.selection) FROM json_each(?) AS list CROSS JOIN project
                WHERE project.board = ? AND project.id = list.value
                """,
            arguments: [jsonArray(cards), board])
        while let row = try rows.next() {
            guard let id = UUID(uuidString: row[StoredColumns.Card.id]) else { continue }
            current[id] = try MergedProject.state(id: id, json: row[StoredColumns.Card.state])
        }
        return current
    }

    public func operations(board: BoardName, after: Int64, limit: Int) async throws -> OperationPage {
        try await storedOperations(board: board, after: after, limit: limit).decoded()
    }

    public func storedOperations(board name: BoardName, after: Int64, limit: Int) async throws -> StoredOperationPage {
        let board = name.text
        return try await writer.read { db in
            guard try Self.boardExists(db, name) else { throw SyncRepositoryError.boardUnknown(name) }
            var entries: [StoredOperationPage.Entry] = []
            entries.reserveCapacity(limit)
            typealias Column = StoredColumns.PagedOperation
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT \(Column.selection) FROM operation WHERE board = ? AND seq > ? ORDER BY seq LIMIT ?",
                arguments: [board, after, limit])
            while let row = try rows.next() {
                entries.append(.init(seq: row[Column.seq], body: row[Column.body], author: row[Column.author]))
            }
            let head =
                try Self.head(db, board: board)
            return StoredOperationPage(operations: entries, after: after, head: head)
        }
    }

    /// `values` as a JSON array of strings, for `json_each`: ids, which need no escaping.
    static func jsonArray(_ values: [String]) -> String {
        var text = "["
        text.reserveCapacity(values.count * 39 + 2)
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            text += value
            text += "\""
        }
        text += "]"
        return text
    }
}
