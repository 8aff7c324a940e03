import Foundation
import PMDomain
import PMStore
import PMSync
import PMTestSupport
import Synchronization
import Testing

/// The board's engine over a server in memory, on a clock the test moves.
@Suite(.timeLimit(.minutes(1))) struct SyncEngineTests {
    let links = SyncLinkTests()

    /// The engine's statuses, as it reports them, for a test to wait on.
    final class Statuses: Sendable {
        let stream: AsyncStream<SyncStatus>
        let continuation: AsyncStream<SyncStatus>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self)
        }

        /// Waits for the first status that `matches`.
        func first(where matches: (SyncStatus) -> Bool) async -> SyncStatus? {
            for await status in stream where matches(status) { return status }
            return nil
        }
    }

    @Test func theEngineWordsAFailureAsTheCommandLineDoesWithTheTokenBlanked() async throws {
        // Given a board whose server refuses, quoting the token back
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        let refusal = SyncTransportError.refused(
            status: 401, code: "unauthorized", message: "\(SyncLinkTests.token) was revoked")
        server.fail(with: refusal)
        let statuses = Statuses()
        let engine = SyncEngine(link: link)

        // When the engine runs
        let running = Task { await engine.run { statuses.continuation.yield($0) } }
        defer { running.cancel() }
        let stopped = await statuses.first { if case .stopped = $0.phase { true } else { false } }

        // Then it stops with the very words pm sync gives, and records them
        let words = try #require(SyncProblem(refusal, remote: link.remote)).description
        #expect(stopped?.phase == .stopped(words))
        #expect(stopped?.lastError == words)
        #expect(stopped?.tokenRefused == true)
        #expect(!words.contains(SyncLinkTests.token))
        #expect(try database.syncRecord().lastError == words)
    }

    @Test func aRoundThatBringsInADeleteOfACardThisDeviceChangedReportsItOnce() async throws {
        // Given a board that pulled a card from elsewhere, then moved it while the server was away
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        let card = SyncFixtures.operation(1, project: 1, fields: ProjectFields(title: "회의록", status: .todo))
        try await server.push(fromElsewhere: [card])
        _ = try await link.round()
        _ = try database.move(card.projectID, to: .doing)
        // And another device deleted it meanwhile, without having seen the move
        try await server.push(fromElsewhere: [
            SyncFixtures.operation(2, project: 1, fields: ProjectFields(deleted: true))
        ])
        let statuses = Statuses()
        let engine = SyncEngine(link: link)

        // When the engine's round brings the delete in
        let running = Task { await engine.run { statuses.continuation.yield($0) } }
        defer { running.cancel() }
        let noted = await statuses.first { !$0.deletedWhileChanged.isEmpty }

        // Then the status after it names the card, once
        #expect(noted?.deletedWhileChanged.map(\.title) == ["회의록"])
        #expect(noted?.deletedWhileChanged.first?.id == card.projectID)
        engine.syncNow()
        let next = await statuses.first { _ in true }
        #expect(next?.deletedWhileChanged.isEmpty == true)
    }

    @Test func anOfflineEngineRetriesWhenTheEnvironmentsClockPassesTheBackoff() async throws {
        // Given a board whose server cannot be reached, its engine offline
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        server.fail(with: .unreachable("connection refused"))
        let statuses = Statuses()
        let engine = SyncEngine(link: link)
        let running = Task { await engine.run { statuses.continuation.yield($0) } }
        defer { running.cancel() }
        _ = await statuses.first { $0.phase == .offline }

        // When the server heals, and the clock passes the first retry's longest delay
        server.fail(with: nil)
        await world.clock.waitForSleepers()
        world.clock.advance(by: Backoff.base)

        // Then the retry gets through, at the world's time
        _ = await statuses.first { $0.phase == .live }
        #expect(try await server.titles() == ["Waiting"])
        #expect(try database.syncRecord().lastSyncAt == world.now)
    }
}
