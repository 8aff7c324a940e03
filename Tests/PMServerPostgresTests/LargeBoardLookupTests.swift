import Foundation
import PostgresNIO
import Testing

@testable import PMServerPostgres

/// A board that grew after PostgreSQL last sampled its tables (the usual case: a board fills up
/// between two analyses) is estimated to hold a row or two, and a statement that names cards
/// with `id = ANY(…)` was then planned as a read of every card of the board, filtered: 50–113 ms
/// a push on 124,000 cards, under the board's lock. The statements that find a push's or a
/// calendar request's cards must look each one up instead. Counted by PostgreSQL itself (the
/// rows EXPLAIN ANALYZE says each table scan read), not timed.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct LargeBoardLookupTests {
    static let cardCount = 20_000
    /// Five cards named, each found by one look-up: a few rows read, far from the board's size.
    static let fewRows = 50

    @Test func theControlReadsTheWholeBoard() async throws {
        try await withLargeBoard { board in
            // The lookup as it was written: proves the board is planned as the bug needs.
            let read = try await board.rowsRead(
                sql: "SELECT id, state FROM projects WHERE board = $1 AND id = ANY($2::uuid[])",
                types: ["text", "uuid[]"], arguments: ["'big'", board.uuids(board.cards.map(\.id))])
            #expect(read >= Self.cardCount - 5)
        }
    }

    @Test func aCarefulPushLooksUpItsOperationsAndCardsOneByOne() async throws {
        try await withLargeBoard { board in
            let read = try await board.rowsRead(
                PostgresStatements.PushState.self,
                arguments: ["'big'", board.uuids(board.operations), board.uuids(board.cards.map(\.id))])
            #expect(read <= Self.fewRows)
        }
    }

    @Test func aPushOfEditsToHeldCardsUpdatesThemOneByOne() async throws {
        try await withLargeBoard { board in
            let ids = board.uuids(board.cards.map(\.id))
            let stored = board.texts(board.cards.map(\.state))
            let merged = board.texts(board.cards.map { $0.state + " edited" })
            let read = try await board.rowsRead(
                PostgresStatements.PushNew.self,
                arguments: [
                    "'big'", "NULL", "'{}'", "'{}'", "'{}'", "'{}'", "'{}'", ids, stored, merged, "0", "'pm_test'",
                ])
            #expect(read <= Self.fewRows)
        }
    }

    @Test func calendarCardsNamedByIDAreLookedUpOneByOne() async throws {
        try await withLargeBoard { board in
            let read = try await board.rowsRead(
                PostgresStatements.CalendarCardsByID.self,
                arguments: ["'big'", board.uuids(board.cards.map(\.id))])
            #expect(read <= Self.fewRows)
        }
    }

    /// A fresh database whose board `big` got `cardCount` cards and operations after the tables
    /// were last analysed (and automatic analysis is off), with five of them named.
    private func withLargeBoard(_ body: (LargeBoard) async throws -> Void) async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try await PostgresSyncRepository.withRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
            ) { _ in }
            try await PostgresTestDatabase.withClient(url) { client in
                try await client.withConnection { connection in
                    let board = LargeBoard(connection: connection)
                    for sql in LargeBoard.setUp { try await board.run(sql) }
                    let cards = try await connection.query(
                        "SELECT id, state FROM projects WHERE board = 'big' LIMIT 5",
                        logger: PostgresTestDatabase.logger)
                    for try await (id, state) in cards.decode((UUID, String).self) {
                        board.cards.append((id, state))
                    }
                    let operations = try await connection.query(
                        "SELECT id FROM operations WHERE board = 'big' LIMIT 5", logger: PostgresTestDatabase.logger)
                    for try await id in operations.decode(UUID.self) { board.operations.append(id) }
                    try #require(board.cards.count == 5 && board.operations.count == 5)
                    try await body(board)
                }
            }
        }
    }
}

/// One connection to the large board's database, and what the tests name on it.
final class LargeBoard: @unchecked Sendable {
    let connection: PostgresConnection
    var cards: [(id: UUID, state: String)] = []
    var operations: [UUID] = []

    init(connection: PostgresConnection) { self.connection = connection }

    static let setUp = [
        "ALTER TABLE projects SET (autovacuum_enabled = false)",
        "ALTER TABLE operations SET (autovacuum_enabled = false)",
        "INSERT INTO boards (name, head) VALUES ('small', 10), ('big', \(LargeBoardLookupTests.cardCount))",
        "INSERT INTO projects SELECT 'small', gen_random_uuid(), '{}' FROM generate_series(1, 10)",
        "INSERT INTO operations SELECT 'small', n, gen_random_uuid(), '{}', NULL FROM generate_series(1, 10) AS n",
        "ANALYZE projects",
        "ANALYZE operations",
        """
        INSERT INTO projects SELECT 'big', gen_random_uuid(), '{"title":"card ' || n || '"}'
        FROM generate_series(1, \(LargeBoardLookupTests.cardCount)) AS n
        """,
        """
        INSERT INTO operations SELECT 'big', n, gen_random_uuid(), '{}', NULL
        FROM generate_series(1, \(LargeBoardLookupTests.cardCount)) AS n
        """,
    ]

    func run(_ sql: String) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresTestDatabase.logger)
    }

    /// An SQL array literal of `ids`.
    func uuids(_ ids: [UUID]) -> String { "'{\(ids.map(\.uuidString).joined(separator: ","))}'" }

    /// An SQL array literal of `texts`, each quoted for the array and for SQL.
    func texts(_ texts: [String]) -> String {
        let elements = texts.map {
            "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "'{" + elements.joined(separator: ",").replacingOccurrences(of: "'", with: "''") + "}'"
    }

    /// The rows the table scans of `statement` read (returned or filtered out), run once with
    /// `arguments` (SQL literals) in a transaction rolled back afterwards.
    func rowsRead<Statement: PostgresPreparedStatement>(_ statement: Statement.Type, arguments: [String]) async throws
        -> Int
    {
        try await rowsRead(sql: Statement.sql, types: Statement.bindingDataTypes.map(Self.name), arguments: arguments)
    }

    func rowsRead(sql: String, types: [String], arguments: [String]) async throws -> Int {
        try await run("BEGIN")
        // The plan PostgreSQL makes for these very arguments, as for a statement's first runs.
        try await run("SET LOCAL plan_cache_mode = force_custom_plan")
        try await run("PREPARE measured (\(types.joined(separator: ", "))) AS \(sql)")
        let explained = try await connection.query(
            PostgresQuery(
                unsafeSQL: "EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE measured (\(arguments.joined(separator: ", ")))"),
            logger: PostgresTestDatabase.logger)
        var plan = ""
        for try await text in explained.decode(String.self) { plan += text }
        try await run("ROLLBACK")
        try await run("DEALLOCATE measured")
        let root = try JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [[String: Any]]
        return Self.rowsRead(root?.first?["Plan"] as? [String: Any] ?? [:])
    }

    private static func rowsRead(_ node: [String: Any]) -> Int {
        // Counts are per loop (and, in newer PostgreSQL, may have decimals).
        func count(_ key: String) -> Double { (node[key] as? NSNumber)?.doubleValue ?? 0 }
        var read = 0
        if node["Relation Name"] != nil {
            read = Int(
                ((count("Actual Rows") + count("Rows Removed by Filter")) * max(1, count("Actual Loops"))).rounded())
        }
        for child in node["Plans"] as? [[String: Any]] ?? [] { read += rowsRead(child) }
        return read
    }

    private static func name(_ type: PostgresDataType) -> String {
        switch type {
        case .text: "text"
        case .int8: "bigint"
        case .uuidArray: "uuid[]"
        case .textArray: "text[]"
        case .int8Array: "bigint[]"
        default: "unknown"
        }
    }
}
