import Foundation
public import PMDomain
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    public func push(board: BoardName, author: UserName?, operations: [ProjectOperation]) async throws
        -> [PushResponse.Result]
    {
        // What needs no database is done before the transaction, outside the board's lock.
        let prepared = PreparedPush(operations: operations)
        do {
            return try await pushNew(board: board, author: author, prepared: prepared)
        } catch is OperationAlreadyStored {
            return try await pushCarefully(board: board, author: author, prepared: prepared)
        }
    }

    /// A push of which some operations may be stored already: their numbers and the touched
    /// cards' states are read under the board's lock, then everything is written.
    func pushCarefully(board: BoardName, author: UserName?, prepared: PreparedPush) async throws
        -> [PushResponse.Result]
    {
        let operations = prepared.operations
        let bodies = prepared.bodies
        let ids = operations.map(\.id)
        let projects = Array(Set(operations.map(\.projectID)))
        return try await transaction { connection in
            // Locking the board's row makes pushes to one board take turns, whichever process
            // they reach; the head read under the lock is the one to number from.
            let locked = try await connection.execute(
                PostgresStatements.LockBoard(board: board.text), logger: logger)
            guard let head = try await locked.first(where: { _ in true }) else {
                throw SyncRepositoryError.boardUnknown(board)
            }
            var stored: [UUID: Int64] = [:]
            var storedStates: [UUID: String] = [:]
            let found = try await connection.execute(
                PostgresStatements.PushState(board: board.text, operations: ids, projects: projects), logger: logger)
            for try await (id, seq, state) in found {
                if let seq { stored[id] = seq } else if let state { storedStates[id] = state }
            }
            let plan = PushPlan(operations: operations, head: head, stored: stored)
            guard !plan.inserts.isEmpty else { return plan.results }

            var current: [UUID: ProjectState] = [:]
            for id in plan.touchedProjects {
                if let json = storedStates[id] { current[id] = try MergedProject.state(id: id, json: json) }
            }
            let saved = plan.mergedStates(current: current).map { ($0.key, MergedProject.json($0.value)) }
            let write = PostgresStatements.PushWrite(
                rows: .init(
                    board: board.text, author: author?.text, seqs: plan.inserts.map(\.seq),
                    ids: plan.inserts.map { ids[$0.index] }, bodies: plan.inserts.map { bodies[$0.index] },
                    projectIDs: saved.map(\.0), states: saved.map(\.1), head: plan.head,
                    channel: Self.notificationChannel, payload: try Self.headPayload(board: board, head: plan.head)))
            for try await _ in try await connection.execute(write, logger: logger) {}
            return plan.results
        }
    }

    /// The notification of the board's new head, delivered when the transaction commits, to
    /// every process that listens.
    static func headPayload(board: BoardName, head: Int64) throws -> String {
        String(decoding: try JSONEncoder().encode(BoardHeadNotification(board: board.text, head: head)), as: UTF8.self)
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

    /// The pull answer written by PostgreSQL (``PostgresStatements/PullPage``): one row to
    /// copy, where reading the page's rows cost the server more than everything else a pull does.
    public func pullAnswer(board: BoardName, after: Int64, limit: Int) async throws -> [UInt8] {
        try await client.withConnection { connection in
            let rows = try await connection.execute(
                PostgresStatements.PullPage(board: board.text, after: after, limit: Int64(limit)), logger: logger)
            var page: (head: Int64, last: Int64?, entries: ByteBuffer?)?
            for try await row in rows { page = row }
            guard let page else { throw SyncRepositoryError.boardUnknown(board) }
            return StoredOperationPage.json(
                entries: page.entries?.readableBytesView ?? ByteBuffer().readableBytesView,
                next: page.last ?? max(after, 0), head: page.head)
        }
    }
}
