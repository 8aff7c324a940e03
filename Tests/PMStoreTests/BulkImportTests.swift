import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// Large imports write their rows through ``ImportRows`` and, into an empty board, build the
/// log's indexes after the rows: the rows, the indexes and the all-or-nothing rule must be the
/// same as the row-by-row writers give.
@Suite struct BulkImportTests {
    let world = TestWorld(day: "2026-11-21")
    let device = UUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000000")!
    /// Above the size from which an import into an empty board rebuilds the log's indexes.
    let large = 10_010

    /// A test id starting with the two hex digits `prefix` and ending with `n`.
    func id(_ n: UInt64, _ prefix: String) -> UUID {
        UUID.counted(n, after: prefix + "000000-0000-4000-8000-")
    }

    /// `count` new cards whose ids are not in id order, every field set ('' descriptions too),
    /// then, for some, a later edit of one field.
    func operations(_ count: Int, from first: UInt64 = 0, titled title: (Int) -> String = { "카드 \($0)" })
        -> [ProjectOperation]
    {
        let creates = (0..<count).map { n in
            ProjectOperation(
                id: id(first + UInt64(n) + 1, "0a"),
                projectID: id((first + UInt64(n)) * 7_919 % 1_000_003 + 1, "0b"),
                timestamp: HybridTimestamp(wallTime: 1_000 + Int64(n), counter: UInt32(n % 3), device: device),
                fields: ProjectFields(
                    title: title(n), description: n % 4 == 0 ? "notes \(n)" : "",
                    deadline: Deadline(iso: "2026-12-0\(n % 9 + 1)"), status: n % 2 == 0 ? .todo : .doing,
                    deleted: false))
        }
        let edits = creates.enumerated().filter { $0.offset % 5 == 0 }.map { n, create in
            ProjectOperation(
                id: id(first + UInt64(n) + 1, "0c"), projectID: create.projectID,
                timestamp: HybridTimestamp(wallTime: 900_000 + Int64(n), counter: 0, device: device),
                fields: n % 10 == 0 ? ProjectFields(status: .done) : ProjectFields(deleted: true))
        }
        return creates + edits
    }

    /// Every row of the log and of the projects, and the indexes of both tables.
    func contents(_ database: AppDatabase) throws -> [[String]] {
        try database.writer.read { db in
            let operations = try Row.fetchAll(db, sql: "SELECT * FROM operation ORDER BY seq").map(\.description)
            let projects = try Row.fetchAll(db, sql: "SELECT * FROM project ORDER BY id").map(\.description)
            return [operations, projects, try indexes(db)]
        }
    }

    func indexes(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name || ' ' || coalesce(sql, '') FROM sqlite_schema
                WHERE type = 'index' AND tbl_name IN ('operation', 'project') ORDER BY name
                """)
            + indexList("operation", db) + indexList("project", db)
    }

    /// `PRAGMA index_list` without its `seq` column, which numbers indexes in creation order.
    func indexList(_ table: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list('\(table)')")
            .map(\.description).sorted()
    }

    /// The board the row-by-row writers make from `batches`, one transaction each.
    func writtenRowByRow(_ batches: [[ProjectOperation]]) throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        for batch in batches {
            try database.writer.write { db in
                var states: [UUID: ProjectState] = [:]
                for operation in batch {
                    guard try OperationRow.insert(operation, in: db) else { continue }
                    var state = try states[operation.projectID] ?? ProjectRow.state(operation.projectID, in: db)
                    state.apply(operation)
                    states[operation.projectID] = state
                }
                for state in states.values { try ProjectRow.save(state, in: db) }
            }
        }
        return database
    }

    @Test func givenAnEmptyBoardThenANonEmptyOne_whenLargeImportsRun_thenRowsAndIndexesAreThoseOfRowByRowWrites()
        throws
    {
        let first = operations(large)
        let second = operations(large, from: UInt64(large) / 2)
        let database = try AppDatabase.inMemory(environment: world.environment)

        let summaries = [try database.apply(first), try database.apply(second)]

        let half = large / 2
        #expect(summaries[0] == ImportSummary(applied: first.count, skipped: 0))
        #expect(summaries[1].skipped == half + half / 5)
        #expect(try contents(database) == contents(try writtenRowByRow([first, second])))
        let fresh = try AppDatabase.inMemory(environment: world.environment)
        #expect(try database.writer.read(indexes) == fresh.writer.read(indexes))
        #expect(try database.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test func givenAnEmptyBoard_whenALargeImportFailsInTheDatabaseHalfWay_thenNothingChangesAndEveryIndexRemains()
        throws
    {
        for table in ["operation", "project"] {
            let database = try AppDatabase.inMemory(environment: world.environment)
            let before = try contents(database)
            try database.writer.write { db in
                try db.execute(
                    sql: """
                        CREATE TRIGGER refuse BEFORE INSERT ON \(table) WHEN NEW.title = 'refused'
                        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                        """)
            }
            let batch = operations(large) { $0 == 6_000 ? "refused" : "카드 \($0)" }

            #expect(throws: StoreError.self) { try database.apply(batch) }

            #expect(try contents(database) == before)
            #expect(try database.operations().isEmpty)
        }
    }

    @Test func givenAnEmptyBoardOnAFile_whenALargeImportRuns_thenItsPagesSkipTheWALAndTheFileIsInTheWALAfter()
        throws
    {
        // Given an empty board in a file, and a board in a file that holds a card
        let folder = try TemporaryFolder(prefix: "pm-bulk-journal")
        let empty = try AppDatabase.open(path: folder.path + "/empty.sqlite", environment: world.environment)
        let holding = try AppDatabase.open(path: folder.path + "/holding.sqlite", environment: world.environment)
        _ = try holding.apply(operations(1, from: 50_000))

        // When the same large import runs into both
        try empty.apply(operations(large))
        try holding.apply(operations(large))

        // Then the empty board's pages went into its file, not through its WAL, which the board
        // holding a card wrote them through as before
        let walSize = { (name: String) in
            (try? FileManager.default.attributesOfItem(atPath: folder.path + "/\(name).sqlite-wal")[.size] as? Int) ?? 0
        }
        #expect(walSize("empty") < 64 * 1024, "\(walSize("empty")) bytes in the empty board's WAL")
        #expect(walSize("holding") > 1024 * 1024, "\(walSize("holding")) bytes in the other board's WAL")
        // and both are in the WAL, with no journal left, and hold every card
        for (name, database) in [("empty", empty), ("holding", holding)] {
            #expect(try database.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/\(name).sqlite-journal"))
        }
        #expect(try empty.operations().count == operations(large).count)
    }

    @Test func givenAnEmptyBoard_whenAnImportHasEmptyAndMissingFields_thenTheyAreStoredAsEmptyTextAndNull() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let batch =
            operations(2) + [
                ProjectOperation(
                    id: id(99, "0d"), projectID: id(99, "0e"),
                    timestamp: HybridTimestamp(wallTime: 5_000, counter: 0, device: device),
                    fields: ProjectFields(description: "only a description"))
            ]

        _ = try database.apply(batch)

        let rows = try database.writer.read { db in
            try Row.fetchAll(
                db, sql: "SELECT title, description, deadline, status, deleted FROM operation ORDER BY seq")
        }
        // The two cards, the first one's edit, then the description alone.
        #expect(rows.count == 4)
        #expect(rows[1]["description"] as String? == "")
        #expect(rows[3]["title"] as String? == nil)
        #expect(rows[3]["deadline"] as String? == nil)
        #expect(rows[3]["deleted"] as Int? == nil)
        #expect(rows[3]["description"] as String? == "only a description")
    }
}
