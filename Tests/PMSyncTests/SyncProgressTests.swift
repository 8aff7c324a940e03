import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

/// A round tells how far it has come in receiving, page by page, against the total the server's
/// head announces, whether it brings in new operations or a new device's older history.
@Suite(.timeLimit(.minutes(1))) struct SyncProgressTests {
    let world = TestWorld(day: "2026-11-21")

    /// A board with a remote on `server`.
    func device() throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://fake.invalid", board: FakeServer.board, token: "pm_test"))
        return database
    }

    /// `count` new cards pushed to `server` from another device, numbered after `first`.
    func pushElsewhere(_ server: FakeServer, count: Int, first: Int = 0) async throws {
        try await server.push(
            fromElsewhere: (1...count).map { SyncFixtures.operation(first + $0, project: first + $0) })
    }

    /// Runs one round of `database`, pulling pages of `pageSize`, and returns every step it
    /// reported, each with the time on the world's clock, which moves 100 ms a page.
    func round(_ database: AppDatabase, _ server: FakeServer, pageSize: Int) async throws -> (
        SyncReport, [(progress: SyncProgress, at: Duration)]
    ) {
        let steps = Steps()
        let clock = world.clock
        let start = clock.now
        let report = try await SyncRound(
            database: database, transport: server.transport, pageSize: pageSize, mergeBatch: 25
        ) { progress in
            clock.advance(by: .milliseconds(100))
            steps.list.withLock { $0.append((progress, start.duration(to: clock.now))) }
        }.run()
        return (report, steps.list.withLock { $0 })
    }

    /// The steps a round reported, each with when.
    final class Steps: Sendable {
        let list = Mutex<[(progress: SyncProgress, at: Duration)]>([])
    }

    @Test func givenANewDeviceThenTheOlderHistoryIsCountedFromTheFirstStepUpToEveryOperation() async throws {
        // Given a server holding 95 operations and a new device
        let server = try await FakeServer()
        try await pushElsewhere(server, count: 95)
        let database = try device()

        // When the device syncs, in pages of 10
        let (report, steps) = try await round(database, server, pageSize: 10)

        // Then it started from the cards, and every step counts against all 95 operations, page
        // by page, never going back, ending with all of them received
        #expect(report.startedFromSnapshot)
        #expect(!steps.isEmpty && steps.allSatisfy { $0.progress.total == 95 })
        #expect(steps.map(\.progress.received) == steps.map(\.progress.received).sorted())
        #expect(steps.last?.progress == SyncProgress(received: 95, total: 95))
        #expect(steps.count >= 10)
        // And on the world's clock, a step a page, the pull lasts over a second
        #expect(try #require(steps.last).at >= .seconds(1))
    }

    @Test func givenADeviceBehindThenOnlyTheNewOperationsAreCounted() async throws {
        // Given a device in step with a server of 20 operations, which then receives 30 more
        let server = try await FakeServer()
        try await pushElsewhere(server, count: 20)
        let database = try device()
        _ = try await round(database, server, pageSize: 10)
        try await pushElsewhere(server, count: 30, first: 20)

        // When it syncs again
        let (report, steps) = try await round(database, server, pageSize: 7)

        // Then the steps count the 30 new ones, not the 20 it held (the first page spends one
        // place on the operation at the cursor, which the device checks), and end at all 30
        #expect(report.pulled == 30)
        #expect(steps.allSatisfy { $0.progress.total == 30 })
        #expect(steps.map(\.progress.received) == [6, 13, 20, 27, 30])
    }

    @Test func givenNothingNewThenTheOneStepIsNothingOfNothing() async throws {
        // Given a device in step with its server
        let server = try await FakeServer()
        try await pushElsewhere(server, count: 5)
        let database = try device()
        _ = try await round(database, server, pageSize: 10)

        // When it syncs again
        let (_, steps) = try await round(database, server, pageSize: 10)

        // Then there is nothing to receive, and the steps say so
        #expect(steps.map(\.progress) == [SyncProgress(received: 0, total: 0)])
    }
}
