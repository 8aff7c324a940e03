import GRDB
import PMDomain
import PMServer
import PMSyncProtocol

extension SQLiteSyncRepository {
    /// The push of a batch none of whose operations is stored yet, the usual case, without
    /// reading first: each operation is inserted with the `(board, id)` index refusing one
    /// already stored, and each card's state from the batch alone is inserted unless the board
    /// holds the card; only the cards it holds are read, merged and written back. Done in a
    /// savepoint of the push's transaction: an operation found stored rolls it back and answers
    /// nil, and the push is then done by ``pushCarefully(_:board:author:ids:bodies:operations:head:)``
    /// in the same transaction.
    static func pushNew(
        _ db: Database, board: String, author: String?, ids: [String], prepared: PreparedPush, head: Int64
    ) throws -> [PushResponse.Result]? {
        var results: [PushResponse.Result]?
        try db.inSavepoint {
            let plan = prepared.plan(head: head)
            // Many rows a statement: one statement's work (binding, stepping, GRDB's checks)
            // instead of one per operation.
            var start = 0
            while start < plan.inserts.count {
                let rows = plan.inserts[start..<min(start + rowsPerInsert, plan.inserts.count)]
                let insert =
                    rows.count == rowsPerInsert
                    ? try db.cachedStatement(sql: insertFullChunk)
                    : try db.makeStatement(sql: insertOperations(rows: rows.count))
                var values: [(any DatabaseValueConvertible)?] = []
                values.reserveCapacity(rows.count * 5)
                for new in rows {
                    values.append(board)
                    values.append(new.seq)
                    values.append(ids[new.index])
                    values.append(prepared.bodies[new.index])
                    values.append(author)
                }
                insert.setUncheckedArguments(StatementArguments(values))
                try insert.execute()
                guard db.changesCount == rows.count else { return .rollback }
                start += rows.count
            }
            let save = try db.cachedStatement(
                sql: "INSERT INTO project (board, id, state) VALUES (?, ?, ?) ON CONFLICT (board, id) DO NOTHING")
            var held: [String] = []
            for card in prepared.freshStates {
                let id = card.id.lowercased
                save.setUncheckedArguments([board, id, card.state])
                try save.execute()
                if db.changesCount == 0 { held.append(id) }
            }
            if !held.isEmpty {
                let merged = prepared.mergedStates(of: try storedStates(db, board: board, cards: held))
                let update = try db.cachedStatement(sql: "UPDATE project SET state = ? WHERE board = ? AND id = ?")
                for (id, state) in merged {
                    update.setUncheckedArguments([MergedProject.json(state), board, id.lowercased])
                    try update.execute()
                }
            }
            results = plan.results
            return .commit
        }
        return results
    }

    /// The operations one statement of ``pushNew(_:board:author:ids:prepared:head:)`` inserts
    /// at most: 1,280 values, within SQLite's limit of 32,766 a statement.
    static let rowsPerInsert = 256

    /// The `INSERT` of ``rowsPerInsert`` operations, made once.
    static let insertFullChunk = insertOperations(rows: rowsPerInsert)

    /// `INSERT` of `rows` operations, skipping any already stored.
    static func insertOperations(rows: Int) -> String {
        "INSERT INTO operation (board, seq, id, body, author) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
            + " ON CONFLICT (board, id) DO NOTHING"
    }
}
