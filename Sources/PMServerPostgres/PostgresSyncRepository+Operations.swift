import Foundation
public import PMDomain
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    public func push(board: BoardName, author: UserName?, operations: [ProjectOperation]) async throws
        -> [PushResponse.Result]
    {
        let bodies = operations.map(\.storedJSON)
        let notification = JSONEncoder()
        return try await transaction { connection in
            // Locking the board's row makes pushes to one board take turns, whichever process
            // they reach; the head read under the lock is the one to number from.
            let locked = try await connection.query(
                "SELECT head FROM boards WHERE name = \(board.text) FOR UPDATE", logger: logger)
            guard let head = try await locked.decode(Int64.self).first(where: { _ in true }) else {
                throw SyncRepositoryError.boardUnknown(board)
            }
            var stored: [UUID: Int64] = [:]
            let ids = operations.map(\.id)
            let found = try await connection.query(
                "SELECT id, seq FROM operations WHERE board = \(board.text) AND id = ANY(\(ids))", logger: logger)
            for try await (id, seq) in found.decode((UUID, Int64).self) { stored[id] = seq }
            let plan = PushPlan(operations: operations, head: head, stored: stored)
            guard !plan.inserts.isEmpty else { return plan.results }

            let new = (
                seqs: plan.inserts.map(\.seq), ids: plan.inserts.map { operations[$0.index].id },
                bodies: plan.inserts.map { bodies[$0.index] }
            )
            try await connection.query(
                """
                INSERT INTO operations (board, seq, id, body, author)
                SELECT \(board.text), seq, id, body, \(author?.text) FROM UNNEST(\(new.seqs)::bigint[], \(new.ids)::uuid[], \(new.bodies)::text[])
                    AS new (seq, id, body)
                """, logger: logger)

            var current: [UUID: ProjectState] = [:]
            let projectIDs = Array(plan.touchedProjects)
            let merged = try await connection.query(
                "SELECT id, state FROM projects WHERE board = \(board.text) AND id = ANY(\(projectIDs))", logger: logger
            )
            for try await (id, state) in merged.decode((UUID, String).self) {
                current[id] = try MergedProject.state(id: id, json: state)
            }
            let saved = plan.mergedStates(current: current).map { ($0.key, MergedProject.json($0.value)) }
            try await connection.query(
                """
                INSERT INTO projects (board, id, state)
                SELECT \(board.text), id, state FROM UNNEST(\(saved.map(\.0))::uuid[], \(saved.map(\.1))::text[]) AS saved (id, state)
                ON CONFLICT (board, id) DO UPDATE SET state = excluded.state
                """, logger: logger)
            try await connection.query(
                "UPDATE boards SET head = \(plan.head) WHERE name = \(board.text)", logger: logger)
            // Delivered when the transaction commits, to every process that listens.
            let payload = String(
                decoding: try notification.encode(BoardHeadNotification(board: board.text, head: plan.head)),
                as: UTF8.self)
            try await connection.query(
                "SELECT pg_notify(\(Self.notificationChannel), \(payload))", logger: logger)
            return plan.results
        }
    }

    public func operations(board: BoardName, after: Int64, limit: Int) async throws -> OperationPage {
        try await storedOperations(board: board, after: after, limit: limit).decoded()
    }

    public func storedOperations(board: BoardName, after: Int64, limit: Int) async throws -> StoredOperationPage {
        // One statement, so one snapshot for the head and the page, and one round trip: the
        // board's row, with each operation of the page beside it (or one row of nulls).
        try await client.withConnection { connection in
            let found = try await connection.query(
                """
                SELECT boards.head, page.seq, page.body, page.author FROM boards LEFT JOIN LATERAL (
                    SELECT seq, body, author FROM operations WHERE board = boards.name AND seq > \(after) ORDER BY seq LIMIT \(limit)
                ) AS page ON true
                WHERE boards.name = \(board.text) ORDER BY page.seq
                """, logger: logger)
            var head: Int64?
            var entries: [StoredOperationPage.Entry] = []
            entries.reserveCapacity(limit)
            for try await (boardHead, seq, body, author) in found.decode((Int64, Int64?, String?, String?).self) {
                head = boardHead
                if let seq, let body { entries.append(.init(seq: seq, body: body, author: author)) }
            }
            guard let head else { throw SyncRepositoryError.boardUnknown(board) }
            return StoredOperationPage(operations: entries, after: after, head: head)
        }
    }

    public func snapshot(board: BoardName) async throws -> BoardSnapshot {
        let (rows, head) = try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
            let head = try await Self.head(connection, board: board, logger: logger)
            let found = try await connection.query(
                "SELECT id, state FROM projects WHERE board = \(board.text)", logger: logger)
            var rows: [(id: UUID, state: String)] = []
            for try await (id, state) in found.decode((UUID, String).self) { rows.append((id, state)) }
            return (rows, head)
        }
        let states = try rows.map { try MergedProject.state(id: $0.id, json: $0.state) }
        return BoardSnapshot(seq: head, states: states)
    }

    /// The board's latest sequence number; an unknown board is refused.
    static func head(_ connection: PostgresConnection, board: BoardName, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query("SELECT head FROM boards WHERE name = \(board.text)", logger: logger)
        guard let head = try await rows.decode(Int64.self).first(where: { _ in true }) else {
            throw SyncRepositoryError.boardUnknown(board)
        }
        return head
    }
}
