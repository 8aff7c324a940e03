import Foundation
import PostgresNIO

extension PostgresStatements {
    /// A push as if none of its operations were stored, the whole of it in one statement that
    /// commits on its own, so the board's lock is held for that statement's work and its commit
    /// only, with no round trip to pm-server in between. It moves the board's head by the
    /// number of new operations first (that `UPDATE` is the board's lock, and in READ COMMITTED
    /// it reads the head as the last push committed it, even one that committed while this one
    /// waited), then numbers the operations from the old head on, inserts them and the new
    /// cards, writes the merged states of the cards the board held (only where each still
    /// holds the state read before: a compare and swap), and queues the notification of the
    /// new head (``BoardHeadNotification``'s JSON, as ``PushWrite`` sends it), delivered at commit. Every write joins the new head, so nothing is written
    /// before the lock is held, and nothing at all on an unknown board, which answers no row.
    ///
    /// Each held card is found as ``HeldStates`` finds it, by one look-up of `(board, id)`, and
    /// updated by the row's address: joined on `id`, a board grown since it was last sampled
    /// was read whole under the lock (71 ms a push on 124,000 cards, 0.9 ms now). A card
    /// changed since the look-up is a newer row the address no longer names: not updated, so
    /// the push is refused and done the careful way.
    ///
    /// If an operation was stored already (the `(board, id)` index skips it), a card thought
    /// new is held, or a held card's state changed since it was read, the counts differ and
    /// `pm_push_refused()` raises ``PostgresSyncRepository/pushRefusedState``: PostgreSQL rolls
    /// the statement back whole, no notification is sent, and the push is done the careful way.
    /// Answers the board's new head.
    struct PushNew: PostgresPreparedStatement {
        static let name = "pm_push_new"
        static let sql = """
            WITH new_head AS (
                UPDATE boards SET head = head + $11 WHERE name = $1 RETURNING head
            ), new_operations AS (
                INSERT INTO operations (board, seq, id, body, author)
                SELECT $1, new_head.head - $11 + new.place, new.id, new.body, $2
                FROM new_head CROSS JOIN UNNEST($3::bigint[], $4::uuid[], $5::text[]) AS new (place, id, body)
                ON CONFLICT (board, id) DO NOTHING
                RETURNING seq
            ), new_projects AS (
                INSERT INTO projects (board, id, state)
                SELECT $1, fresh.id, fresh.state
                FROM new_head CROSS JOIN UNNEST($6::uuid[], $7::text[]) AS fresh (id, state)
                ON CONFLICT (board, id) DO NOTHING
                RETURNING id
            ), merged_projects AS (
                UPDATE projects SET state = merged.state
                FROM new_head CROSS JOIN UNNEST($8::uuid[], $9::text[], $10::text[]) AS merged (id, stored, state)
                CROSS JOIN LATERAL (
                    SELECT ctid FROM projects AS held WHERE held.board = $1 AND held.id = merged.id LIMIT 1
                ) AS found
                WHERE projects.ctid = found.ctid AND projects.state = merged.stored
                RETURNING projects.id
            )
            SELECT new_head.head, CASE
                WHEN (SELECT count(*) FROM new_operations) = $11
                    AND (SELECT count(*) FROM new_projects) = cardinality($6::uuid[])
                    AND (SELECT count(*) FROM merged_projects) = cardinality($8::uuid[])
                THEN pg_notify($12, '{"board":' || to_json($1::text) || ',"head":' || new_head.head || '}')
                ELSE pm_push_refused()
            END::text
            FROM new_head
            """
        static let bindingDataTypes: [PostgresDataType] = [
            .text, .text, .int8Array, .uuidArray, .textArray, .uuidArray, .textArray, .uuidArray, .textArray,
            .textArray, .int8, .text,
        ]
        typealias Row = (Int64, String?)

        var board: String
        var author: String?
        /// Each new operation's place among the batch's new ones, from 1: its number is the
        /// old head plus its place.
        var places: [Int64]
        var ids: [UUID]
        var bodies: [String]
        /// The cards the board did not hold when read, with their states over the batch alone.
        var freshIDs: [UUID]
        var freshStates: [String]
        /// The cards the board held when read: the state read, and the merged state to write.
        var heldIDs: [UUID]
        var heldStates: [String]
        var mergedStates: [String]
        var channel: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 12)
            bindings.append(board)
            bindings.append(author)
            bindings.append(places)
            bindings.append(ids)
            bindings.append(bodies)
            bindings.append(freshIDs)
            bindings.append(freshStates)
            bindings.append(heldIDs)
            bindings.append(heldStates)
            bindings.append(mergedStates)
            bindings.append(Int64(places.count))
            bindings.append(channel)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((Int64, String?).self) }
    }

    /// The stored states of those of a batch's cards the board holds, read before the push
    /// and outside its lock (a card, once stored, stays): ``PushNew`` merges into them and
    /// writes each only if it is still what was read. One look-up of `(board, id)` for each
    /// card, from the list: on a board grown since PostgreSQL last sampled the table, the
    /// planner expects one row for the board, and read all of the board's cards to filter them
    /// with `id = ANY(…)` (50 ms a push on a board of 124,000 cards) or to hash them for a join
    /// (224 ms on 79,600). The `LIMIT 1` keeps the lateral look-up a look-up (1 ms).
    struct HeldStates: PostgresPreparedStatement {
        static let name = "pm_held_states"
        static let sql = """
            SELECT wanted.id, found.state FROM UNNEST($2::uuid[]) AS wanted (id)
            CROSS JOIN LATERAL (SELECT state FROM projects WHERE board = $1 AND id = wanted.id LIMIT 1) AS found
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .uuidArray]
        typealias Row = (UUID, String)

        var board: String
        var ids: [UUID]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(board)
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((UUID, String).self) }
    }
}
