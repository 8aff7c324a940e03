import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// A new device starts from the server's cards, stored a page at a time, then merges the history
/// behind them batch after batch. A large history builds the log's secondary indexes once, in the
/// batch that ends it: the rows, the history and the indexes must be exactly those of merging
/// with every index in place, and a join cut short must resume and end the same.
@Suite struct NewDeviceJoinTests {
    let world = TestWorld(day: "2026-11-21")
    let device = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000000")!
    let remote = Remote(url: "http://fake.invalid", board: "big", token: "pm_test")

    /// The server's log: `cards` new cards whose ids are not in id order, then for each a later
    /// edit (a move, a rename or, for some, a deletion), numbered from 1 in that order.
    func serverLog(cards: Int) -> [(serverSeq: Int64, operation: ProjectOperation, author: String?)] {
        var operations: [ProjectOperation] = []
        for n in 0..<cards {
            let fields = ProjectFields(
                title: "카드 \(n)", description: n % 4 == 0 ? "notes \(n)" : "",
                deadline: Deadline(iso: "2026-12-0\(n % 9 + 1)"), status: .todo, deleted: false)
            operations.append(
                ProjectOperation(
                    id: UUID.counted(UInt64(n) + 1, after: "0a000000-0000-4000-8000-"),
                    projectID: UUID.counted(UInt64(n) * 7_919 % 1_000_003 + 1, after: "0b000000-0000-4000-8000-"),
                    timestamp: HybridTimestamp(wallTime: 1_000 + Int64(n), counter: 0, device: device), fields: fields))
        }
        for n in 0..<cards {
            let fields: ProjectFields =
                if n % 7 == 0 { ProjectFields(deleted: true) } else if n % 2 == 0 {
                    ProjectFields(status: .doing)
                } else { ProjectFields(title: "renamed \(n)") }
            operations.append(
                ProjectOperation(
                    id: UUID.counted(UInt64(n) + 1, after: "0c000000-0000-4000-8000-"),
                    projectID: operations[n].projectID,
                    timestamp: HybridTimestamp(wallTime: 900_000 + Int64(n), counter: 0, device: device), fields: fields
                ))
        }
        var log: [(serverSeq: Int64, operation: ProjectOperation, author: String?)] = []
        for (offset, operation) in operations.enumerated() {
            log.append((Int64(offset) + 1, operation, offset % 3 == 0 ? "ana" : nil))
        }
        return log
    }

    /// The cards a server's snapshot holds after `history`: the visible ones, in `order`.
    func snapshot(_ history: [(serverSeq: Int64, operation: ProjectOperation, author: String?)]) -> [ProjectState] {
        var states: [UUID: ProjectState] = [:]
        for entry in history {
            states[entry.operation.projectID, default: ProjectState(id: entry.operation.projectID)].apply(
                entry.operation)
        }
        return states.values.filter { $0.project != nil }.sorted { $0.id.uuidString > $1.id.uuidString }
    }

    /// A device with a remote, started from `history`'s snapshot.
    func started(
        _ history: [(serverSeq: Int64, operation: ProjectOperation, author: String?)], at path: String? = nil
    ) throws -> AppDatabase {
        let database =
            if let path { try AppDatabase.open(path: path, environment: world.environment) } else {
                try AppDatabase.inMemory(environment: world.environment)
            }
        try database.setRemote(remote)
        #expect(try database.start(from: snapshot(history), serverSeq: Int64(history.count)))
        return database
    }

    /// Merges `history` behind the snapshot in batches of `batch`, from where the device is.
    func backfill(
        _ database: AppDatabase, _ history: [(serverSeq: Int64, operation: ProjectOperation, author: String?)],
        batch: Int, threshold: Int, batches: Int = .max
    ) throws {
        var (next, _) = try database.backfillPosition()
        var done = 0
        while next < Int64(history.count), done < batches {
            let entries = Array(history[Int(next)..<min(Int(next) + batch, history.count)])
            try database.merge(
                pulled: entries, advancing: .backfill(next: entries.last!.serverSeq), deferringIndexesFrom: threshold)
            next = try database.backfillPosition().next
            done += 1
        }
    }

    /// Every row of the log and of the cards, the history and the indexes of both tables.
    func contents(_ database: AppDatabase) throws -> [[String]] {
        let rows = try database.writer.read { db in
            let operations = try Row.fetchAll(db, sql: "SELECT * FROM operation ORDER BY seq").map(\.description)
            let projects = try Row.fetchAll(db, sql: "SELECT * FROM project ORDER BY id").map(\.description)
            return [operations, projects, try indexes(db)]
        }
        // The history and the cards as `pm export` writes them, keys sorted.
        let document = try database.export()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = { (value: any Encodable) in String(decoding: try encoder.encode(value), as: UTF8.self) }
        return rows + [try document.history.map(json), try document.projects.map(json)]
    }

    func indexes(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema
                WHERE tbl_name IN ('operation', 'project') ORDER BY name
                """)
    }

    func logIndexes(_ database: AppDatabase) throws -> [String] {
        try database.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'operation' ORDER BY name")
        }
    }

    @Test
    func givenALargeHistoryBehindASnapshot_whenMergedInBatches_thenRowsHistoryAndIndexesAreThoseOfMergingWithIndexes()
        throws
    {
        // Given a server's log of 600 operations and two new devices started from its cards
        let history = serverLog(cards: 300)
        let deferred = try started(history)
        let kept = try started(history)

        // When one merges the history in batches of 250 building the log's indexes at its end,
        // the other in the same batches with every index in place
        try backfill(deferred, history, batch: 250, threshold: 500, batches: 1)
        let midway = try logIndexes(deferred)
        try backfill(deferred, history, batch: 250, threshold: 500)
        try backfill(kept, history, batch: 250, threshold: .max)

        // Then half-way the log had only its unique and server-order indexes, and at the end
        // both devices hold the same rows, history, cards and schema, and the fresh schema's
        // indexes, the board's list-order one among them
        #expect(midway == ["operation_by_serverSeq", "sqlite_autoindex_operation_1"])
        #expect(try contents(deferred) == contents(kept))
        let fresh = try AppDatabase.inMemory(environment: world.environment)
        #expect(try deferred.writer.read(indexes) == fresh.writer.read(indexes))
        #expect(try deferred.writer.read(indexes).contains { $0.hasPrefix("index project_by_list ") })
        #expect(try deferred.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        #expect(try deferred.syncRecord().backfillRemaining == 0)
    }

    @Test func givenAJoinCutShortAfterTwoBatches_whenTheDeviceOpensAgainAndResumes_thenItEndsAsAnUninterruptedOne()
        throws
    {
        // Given a device whose join stopped after two committed batches of 100 (its process
        // ended), and one that joined in one go with every index in place
        let history = serverLog(cards: 300)
        let folder = try TemporaryFolder()
        let path = folder.file("device.sqlite")
        try backfill(try started(history, at: path), history, batch: 100, threshold: 500, batches: 2)
        let whole = try started(history)
        try backfill(whole, history, batch: 100, threshold: .max)

        // When it opens again: the history is pending from where it stopped, and the log still
        // lacks the indexes its join builds at the end
        let reopened = try AppDatabase.open(path: path, environment: world.environment)
        #expect(try reopened.backfillPosition().next == 200)
        #expect(try logIndexes(reopened) == ["operation_by_serverSeq", "sqlite_autoindex_operation_1"])
        #expect(try reopened.syncRecord().backfillRemaining == 400)
        try backfill(reopened, history, batch: 100, threshold: 500)

        // Then it ends with the same rows, history, cards and indexes
        #expect(try contents(reopened) == contents(whole))
        #expect(try reopened.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test func givenAJoinCutShort_whenTheRemoteIsRemovedOrReplaced_thenTheLogsIndexesReturnAtOnce() throws {
        for replace in [false, true] {
            // Given a device whose join stopped after one batch, its log's indexes deferred
            let history = serverLog(cards: 300)
            let database = try started(history)
            try backfill(database, history, batch: 100, threshold: 500, batches: 1)
            #expect(try logIndexes(database).count == 2)

            // When its remote is removed, or set to another board, so the join never resumes
            if replace {
                try database.setRemote(Remote(url: "http://other.invalid", board: "big", token: "pm_test"))
            } else {
                try database.removeRemote()
            }

            // Then the log has every index of the schema again
            let fresh = try AppDatabase.inMemory(environment: world.environment)
            #expect(try database.writer.read(indexes) == fresh.writer.read(indexes))
        }
    }

    @Test func givenASmallHistory_whenMerged_thenTheLogsIndexesStayInPlaceThroughout() throws {
        // Given a device started from a board whose history is under the threshold
        let history = serverLog(cards: 300)
        let database = try started(history)

        // When its first batch is merged
        try backfill(database, history, batch: 100, threshold: 601, batches: 1)

        // Then the log kept every index
        #expect(try logIndexes(database).count == 4)
    }

    @Test func givenManyCardsOutOfOrder_whenADeviceStartsFromThem_thenTheCardsAndIndexesAreThoseSavedOneByOne() throws {
        // Given more than 2,000 visible cards in no particular order
        let states = snapshot(serverLog(cards: 2_400))
        #expect(states.count > 2_000)
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(remote)

        // When a new device starts from them
        #expect(try database.start(from: states, serverSeq: 4_800))

        // Then its cards, and every index, are those of saving each card with the index in place
        let one = try AppDatabase.inMemory(environment: world.environment)
        try one.writer.write { db in for state in states { try ProjectRow.save(state, in: db) } }
        let read = { (database: AppDatabase) in
            try database.writer.read { db in
                [try Row.fetchAll(db, sql: "SELECT * FROM project ORDER BY id").map(\.description), try indexes(db)]
            }
        }
        #expect(try read(database) == read(one))
        #expect(try database.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test func givenAJoinUnderWay_whenTheDeviceEditsAStoredCardAndTheJoinResumes_thenTheEditStays()
        throws
    {
        // Given a new device that stored the first page of a snapshot at 80
        let history = serverLog(cards: 40)
        let cards = snapshot(history)
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(remote)
        #expect(try database.joinsFromSnapshot())
        #expect(try database.storeJoinPage(Array(cards.prefix(10)), serverSeq: 80))
        #expect(try database.syncRecord().joining)
        #expect(try database.projects().count == 10)

        // When it moves one of those cards, then stores a newer snapshot of 90 whole, which
        // holds that card as it was
        let edited = cards[0].id
        _ = try database.move(edited, to: .done)
        #expect(try database.joinsFromSnapshot())
        #expect(try database.storeJoinPage(cards, serverSeq: 90))
        #expect(try database.finishJoin(serverSeq: 90))

        // Then the move, newer by its clock, stays; every card is there; the stream follows on
        // from the first snapshot, and the history before it is still to fetch
        #expect(try database.project(edited)?.status == .done)
        #expect(try database.projects().count == cards.count)
        #expect(try !database.syncRecord().joining)
        let record = try database.syncRecord()
        #expect(record.cursor == 80)
        #expect(record.backfillRemaining == 80)
        #expect(record.pending == 1)

        // And a device that has joined joins no more
        #expect(try !database.joinsFromSnapshot())
        #expect(try !database.storeJoinPage(cards, serverSeq: 95))
    }

    @Test func givenADeviceWithChangesOfItsOwnAndNoJoin_thenItReplaysTheStreamInsteadOfJoining() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try database.add(ProjectFields(title: "먼저 만든 카드", deadline: world.environment.today))
        try database.setRemote(remote)
        #expect(try !database.joinsFromSnapshot())
        #expect(try !database.storeJoinPage(snapshot(serverLog(cards: 3)), serverSeq: 6))
        #expect(try database.projects().count == 1)
    }
}
