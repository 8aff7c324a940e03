import Foundation
import PostgresNIO

extension PostgresStatements {
    /// A push as if none of its operations were stored, in one statement after the board's lock:
    /// the operations (the `(board, id)` index skipping any already stored), each card's state
    /// from the batch alone unless the board holds the card, the board's new head and the
    /// notification delivered at commit. Answers one row with the number of operations inserted
    /// (fewer than pushed: some were stored, and the caller rolls back), then one row for each
    /// card the board already held, with its stored state (the statement's snapshot is taken
    /// before its own inserts), to be merged and written by ``PushMergedStates``.
    struct PushNew: PostgresPreparedStatement {
        static let name = "pm_push_new"
        static let sql = """
            WITH new_operations AS (
                INSERT INTO operations (board, seq, id, body, author)
                SELECT $1, seq, id, body, $2 FROM UNNEST($3::bigint[], $4::uuid[], $5::text[]) AS new (seq, id, body)
                ON CONFLICT (board, id) DO NOTHING
                RETURNING seq
            ), new_projects AS (
                INSERT INTO projects (board, id, state)
                SELECT $1, id, state FROM UNNEST($6::uuid[], $7::text[]) AS fresh (id, state)
                ON CONFLICT (board, id) DO NOTHING
                RETURNING id
            ), new_head AS (
                UPDATE boards SET head = $8 WHERE name = $1
            )
            SELECT (SELECT count(*) FROM new_operations), NULL::uuid, pg_notify($9, $10)::text
            UNION ALL
            SELECT NULL, id, state FROM projects
            WHERE board = $1 AND id = ANY(ARRAY(SELECT UNNEST($6::uuid[]) EXCEPT SELECT id FROM new_projects))
            """
        static let bindingDataTypes = PushRows.dataTypes
        typealias Row = (Int64?, UUID?, String?)

        var rows: PushRows

        func makeBindings() throws -> PostgresBindings { rows.bindings() }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((Int64?, UUID?, String?).self) }
    }

    /// The merged states of cards the board held before a ``PushNew``, written over the stored ones.
    struct PushMergedStates: PostgresPreparedStatement {
        static let name = "pm_push_merged_states"
        static let sql = """
            UPDATE projects SET state = merged.state FROM UNNEST($2::uuid[], $3::text[]) AS merged (id, state)
            WHERE projects.board = $1 AND projects.id = merged.id
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .uuidArray, .textArray]
        typealias Row = ()

        var board: String
        var ids: [UUID]
        var states: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(board)
            bindings.append(ids)
            bindings.append(states)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {}
    }
}
