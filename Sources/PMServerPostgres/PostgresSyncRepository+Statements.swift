import Foundation
import PostgresNIO

/// The statements of a push and of a pull, prepared once on each connection of the pool
/// (PostgreSQL parses and plans them once, not on every request) and written so that a push
/// takes the same few round trips whatever its size: the usual one is a single statement
/// (``PushNew``); the careful one locks the board, reads what the batch needs, writes
/// everything and commits.
enum PostgresStatements {
    /// Locks the board's row and answers its head; no row for an unknown board. Pushes to one
    /// board take turns from here to the commit, whichever process they reach.
    struct LockBoard: PostgresPreparedStatement {
        static let name = "pm_lock_board"
        static let sql = "SELECT head FROM boards WHERE name = $1 FOR UPDATE"
        static let bindingDataTypes: [PostgresDataType] = [.text]
        typealias Row = Int64

        var board: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(board)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
    }

    /// Read under the lock, in one statement (and so after the lock: a statement's snapshot is
    /// taken when it starts): the numbers of the batch's operations already stored (a row with
    /// a seq) and the merged states of the cards the batch names (a row with a state). One
    /// look-up of `(board, id)` for each, as in ``HeldStates``: with `id = ANY(…)` a board grown
    /// since it was last sampled was read whole (113 ms on 124,000 cards, 0.15 ms now).
    struct PushState: PostgresPreparedStatement {
        static let name = "pm_push_state"
        static let sql = """
            SELECT wanted.id, found.seq, NULL::text FROM UNNEST($2::uuid[]) AS wanted (id)
            CROSS JOIN LATERAL (SELECT seq FROM operations WHERE board = $1 AND id = wanted.id LIMIT 1) AS found
            UNION ALL
            SELECT wanted.id, NULL::bigint, found.state FROM UNNEST($3::uuid[]) AS wanted (id)
            CROSS JOIN LATERAL (SELECT state FROM projects WHERE board = $1 AND id = wanted.id LIMIT 1) AS found
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .uuidArray, .uuidArray]
        typealias Row = (UUID, Int64?, String?)

        var board: String
        var operations: [UUID]
        var projects: [UUID]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(board)
            bindings.append(operations)
            bindings.append(projects)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((UUID, Int64?, String?).self) }
    }

    /// Every write of a push in one statement: the new operations, the merged states (inserted
    /// or replaced), the board's new head, and the notification other processes listen for,
    /// delivered at commit. Each array is bound whole (`UNNEST`), so it is one round trip for
    /// a batch of any size.
    struct PushWrite: PostgresPreparedStatement {
        static let name = "pm_push_write"
        static let sql = """
            WITH new_operations AS (
                INSERT INTO operations (board, seq, id, body, author)
                SELECT $1, seq, id, body, $2 FROM UNNEST($3::bigint[], $4::uuid[], $5::text[]) AS new (seq, id, body)
            ), saved_projects AS (
                INSERT INTO projects (board, id, state)
                SELECT $1, id, state FROM UNNEST($6::uuid[], $7::text[]) AS saved (id, state)
                ON CONFLICT (board, id) DO UPDATE SET state = excluded.state
            ), new_head AS (
                UPDATE boards SET head = $8 WHERE name = $1
            )
            SELECT pg_notify($9, $10)::text
            """
        static let bindingDataTypes = PushRows.dataTypes
        typealias Row = String?

        var rows: PushRows

        func makeBindings() throws -> PostgresBindings { rows.bindings() }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(String?.self) }
    }

    /// A pull's page as one row, written by PostgreSQL: the board's head, the last sequence
    /// number on the page, and the page's entries as the JSON the answer holds
    /// (`{"seq":N,"operation":{…},"author":"…"}`, comma-separated; the stored operation copied
    /// in as it is, `author` left out when unknown), so the server copies one value instead of
    /// reading a thousand rows. No row for an unknown board; nulls for an empty page.
    struct PullPage: PostgresPreparedStatement {
        static let name = "pm_pull_page"
        static let sql = """
            SELECT boards.head, page.last, page.entries FROM boards LEFT JOIN LATERAL (
                SELECT max(seq) AS last, string_agg(
                    '{"seq":' || seq || ',"operation":' || body
                        || COALESCE(',"author":' || to_json(author)::text, '') || '}',
                    ',' ORDER BY seq) AS entries
                FROM (
                    SELECT seq, body, author FROM operations
                    WHERE board = boards.name AND seq > $2 ORDER BY seq LIMIT $3
                ) AS rows
            ) AS page ON true
            WHERE boards.name = $1
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8]
        typealias Row = (Int64, Int64?, ByteBuffer?)

        var board: String
        var after: Int64
        var limit: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(board)
            bindings.append(after)
            bindings.append(limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((Int64, Int64?, ByteBuffer?).self) }
    }

    /// What ``PushWrite`` writes, bound in this order as `$1`…`$10`: the board and author, the new operations (numbers, ids, bodies), the cards'
    /// states (ids, JSON), the board's new head, and the notification (channel, payload).
    struct PushRows: Sendable {
        static let dataTypes: [PostgresDataType] = [
            .text, .text, .int8Array, .uuidArray, .textArray, .uuidArray, .textArray, .int8, .text, .text,
        ]

        var board: String
        var author: String?
        var seqs: [Int64]
        var ids: [UUID]
        var bodies: [String]
        var projectIDs: [UUID]
        var states: [String]
        var head: Int64
        var channel: String
        var payload: String

        func bindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 10)
            bindings.append(board)
            bindings.append(author)
            bindings.append(seqs)
            bindings.append(ids)
            bindings.append(bodies)
            bindings.append(projectIDs)
            bindings.append(states)
            bindings.append(head)
            bindings.append(channel)
            bindings.append(payload)
            return bindings
        }
    }
}
