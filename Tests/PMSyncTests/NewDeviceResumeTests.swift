import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

/// A new device's join (the server's cards, then the history behind them, which a large board
/// merges with the log's secondary indexes built at its end) cut short by the network resumes in
/// the next round and ends exactly as a join that was never cut, indexes built along the way.
/// A transport to a fake server that hands it every request its test does not answer itself.
protocol ForwardingTransport: SyncTransport {
    var server: FakeServer.Transport { get }
}

extension ForwardingTransport {
    func push(_ operations: [ProjectOperation]) async throws(SyncTransportError) -> [PushResponse.Result] {
        try await server.push(operations)
    }

    func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
        try await server.pull(after: after, limit: limit)
    }

    func snapshot() async throws(SyncTransportError) -> BoardSnapshot { try await server.snapshot() }

    func heads() -> AsyncThrowingStream<Int64, any Error> { server.heads() }
}

@Suite(.timeLimit(.minutes(1))) struct NewDeviceResumeTests {
    let world = TestWorld(day: "2026-11-21")

    /// A transport to `server` whose pulls fail once `pulls` of them have been answered.
    final class FailingAfter: ForwardingTransport {
        let server: FakeServer.Transport
        let pulls: Int
        let answered = Mutex(0)

        init(server: FakeServer.Transport, pulls: Int) {
            self.server = server
            self.pulls = pulls
        }

        func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
            let failing = answered.withLock { count in
                count += 1
                return count > pulls
            }
            if failing { throw SyncTransportError.unreachable("the test cut the connection") }
            return try await server.pull(after: after, limit: limit)
        }
    }

    /// A transport to `server` whose snapshot hands over its first page, then loses the
    /// connection.
    struct SnapshotCutAfterOnePage: ForwardingTransport {
        let server: FakeServer.Transport

        func snapshot(pages store: @escaping @Sendable (Int64, [BoardSnapshot.Card]) throws -> Void)
            async throws -> Int64
        {
            let snapshot = try await server.snapshot()
            try store(snapshot.seq, Array(snapshot.projects.prefix(1000)))
            throw SyncTransportError.unreachable("the test cut the connection")
        }
    }

    /// A transport to `server` whose snapshot is overtaken: another process on the same device
    /// (the board beside `pm sync`) finishes the join from its own copy of the snapshot before
    /// this one hands over any page. Counts the pulls.
    final class OvertakenJoin: ForwardingTransport {
        let server: FakeServer.Transport
        let database: AppDatabase
        let pulls = Mutex(0)

        init(server: FakeServer.Transport, database: AppDatabase) {
            self.server = server
            self.database = database
        }

        func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
            pulls.withLock { $0 += 1 }
            return try await server.pull(after: after, limit: limit)
        }

        func snapshot(pages store: @escaping @Sendable (Int64, [BoardSnapshot.Card]) throws -> Void)
            async throws -> Int64
        {
            let snapshot = try await server.snapshot()
            #expect(try database.start(from: snapshot.projects.map(\.state), serverSeq: snapshot.seq))
            try store(snapshot.seq, snapshot.projects)
            return snapshot.seq
        }
    }

    /// A new device with a remote on the fake server.
    func device() throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://fake.invalid", board: FakeServer.board, token: "pm_test"))
        return database
    }

    /// What a device shows and keeps: its cards, its history and its operations.
    func contents(_ database: AppDatabase) throws -> [String] {
        let document = try database.export()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = { (value: any Encodable) in String(decoding: try encoder.encode(value), as: UTF8.self) }
        return try document.projects.map(json) + document.history.map(json) + document.operations.map(json)
    }

    @Test func givenAJoinCutAfterThreePages_whenTheNextRoundRuns_thenTheDeviceEndsAsOneThatJoinedInOneGo()
        async throws
    {
        // Given a server holding 60 cards, each created then edited (120 operations), and a new
        // device whose first round loses the connection after three pages of 10 of the history
        let server = try await FakeServer()
        try await server.push(
            fromElsewhere: (1...60).map {
                SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "카드 \($0)"))
            }
                + (1...60).map {
                    SyncFixtures.operation(
                        1_000 + $0, project: $0,
                        fields: $0 % 5 == 0 ? ProjectFields(deleted: true) : ProjectFields(status: .doing))
                })
        let cut = try device()
        let transport = FailingAfter(server: server.transport, pulls: 4)
        await #expect(throws: SyncTransportError.self) {
            // The stream's one page, then three of the history, merged one at a time
            try await SyncRound(
                database: cut, transport: transport, pageSize: 10, mergeBatch: 10, deferIndexesFrom: 50
            ).run()
        }
        #expect(try cut.syncRecord().backfillRemaining == 90)

        // When the next round runs on a working connection
        let report = try await SyncRound(
            database: cut, transport: server.transport, pageSize: 10, mergeBatch: 10, deferIndexesFrom: 50
        ).run()

        // Then it fetched the rest of the history and ends with what a device that joined in
        // one go, every index in place throughout, holds
        #expect(report.pulled == 90)
        #expect(try cut.syncRecord().backfillRemaining == 0)
        let whole = try device()
        _ = try await SyncRound(
            database: whole, transport: server.transport, pageSize: 10, mergeBatch: 10, deferIndexesFrom: .max
        ).run()
        #expect(try contents(cut) == contents(whole))
        #expect(try cut.export().operations.count == 120)
    }

    @Test func givenASnapshotCutAfterOnePage_whenTheBoardAndTheDeviceChange_thenTheNextRoundEndsAsAJoinInOneGo()
        async throws
    {
        // Given a server holding 2,500 cards and a new device whose snapshot is cut after its
        // first page of 1,000
        let server = try await FakeServer()
        try await server.push(
            fromElsewhere: (1...2500).map {
                SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "카드 \($0)"))
            })
        let cut = try device()
        await #expect(throws: SyncTransportError.self) {
            try await SyncRound(database: cut, transport: SnapshotCutAfterOnePage(server: server.transport)).run()
        }

        // Then the board shows the first page's cards at once, and the join is under way
        #expect(try cut.projects().count == 1000)
        #expect(try cut.syncRecord().joining)
        #expect(try cut.syncRecord().cursor == 0)

        // When, meanwhile, someone renames one of those cards and deletes another, a card is
        // added, and this device moves a third card
        let stored = try cut.projects().sorted { $0.title < $1.title }
        let renamed = stored[0].id
        let deleted = stored[1].id
        let moved = stored[2].id
        let number = { (id: UUID) in Int(id.lowercased.suffix(6), radix: 16)! - 0x10_0000 }
        try await server.push(fromElsewhere: [
            SyncFixtures.operation(5_001, project: number(renamed), fields: ProjectFields(title: "새 이름")),
            SyncFixtures.operation(5_002, project: number(deleted), fields: ProjectFields(deleted: true)),
            SyncFixtures.operation(5_003, project: 3_000, fields: ProjectFields(title: "새 카드")),
        ])
        _ = try cut.move(moved, to: .done)

        // When the next round runs on a working connection
        let report = try await SyncRound(database: cut, transport: server.transport).run()

        // Then the join is done, its edit pushed, and the device holds what a device that joins
        // in one go now holds: cards, history and operations
        #expect(report.startedFromSnapshot)
        #expect(try !cut.syncRecord().joining)
        #expect(try cut.syncRecord().pending == 0)
        let board = Dictionary(uniqueKeysWithValues: try cut.projects().map { ($0.id, $0) })
        #expect(board.count == 2500)
        #expect(board[renamed]?.title == "새 이름")
        #expect(board[deleted] == nil)
        #expect(board[moved]?.status == .done)
        let whole = try device()
        _ = try await SyncRound(database: whole, transport: server.transport).run()
        // (in another order: this device's log holds its own edit before what it pulled)
        #expect(try contents(cut).sorted() == contents(whole).sorted())
    }

    @Test func givenAJoinAnotherProcessFinishedFirst_whenTheRoundGoesOn_thenItFollowsTheStreamFromThereNotFromZero()
        async throws
    {
        // Given a server holding 30 cards, and a device whose join another process finishes
        // while this round reads the snapshot
        let server = try await FakeServer()
        try await server.push(
            fromElsewhere: (1...30).map {
                SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "카드 \($0)"))
            })
        let database = try device()
        let transport = OvertakenJoin(server: server.transport, database: database)

        // When the round goes on, pulling pages of 10
        let report = try await SyncRound(database: database, transport: transport, pageSize: 10).run()

        // Then it did not start the board (the other process did), and pulled the stream from
        // the snapshot's 30 (one empty page) and the 30 operations behind it (three pages), not
        // the whole stream from 0 as well
        #expect(!report.startedFromSnapshot)
        #expect(transport.pulls.withLock { $0 } == 4)
        #expect(try database.syncRecord().cursor == 30)
        #expect(try database.export().operations.count == 30)
        #expect(try database.projects().count == 30)
    }
}
