import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Testing

/// `pm status`'s probe: what the server says now, read against what the record says.
@Suite(.timeLimit(.minutes(1))) struct SyncLinkProbeTests {
    let links = SyncLinkTests()

    @Test func anAnsweringServerIsOnlineWithWhatThereIsToReceive() async throws {
        // Given a synced board, and two operations pushed from elsewhere since
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        _ = try await link.round()
        try await server.push(fromElsewhere: (1...2).map { SyncFixtures.operation($0) })

        // When the status is probed
        let probe = try await link.probe(try database.syncRecord())

        // Then
        #expect(probe == SyncLink.Probe(state: .online, toReceive: 2, error: nil))
    }

    @Test func givenOwnChangesPushedButNotPulledBackWhenProbedThenTheyAreNotCountedToReceive() async throws {
        // Given a synced board, a change pushed on its own (as after a command), and one from elsewhere
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        _ = try await link.round()
        _ = try database.add(ProjectFields(title: "방금", deadline: world.environment.today))
        try await SyncRound(database: database, transport: server.transport).pushOutbox()
        try await server.push(fromElsewhere: [SyncFixtures.operation(1)])

        // When the status is probed
        let probe = try await link.probe(try database.syncRecord())

        // Then only the other device's operation is to receive
        #expect(probe.toReceive == 1)
    }

    @Test func aRoundBegunRecentlyAndNotEndedIsSyncingUntilItCountsAsCutOff() async throws {
        // Given a round that began (in another process) and has not ended
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        try database.recordSyncAttempt(at: world.now)

        // When probed at once, and again once a round's length has passed
        let during = try await link.probe(try database.syncRecord())
        world.advance(by: SyncLink.roundLength)
        let after = try await link.probe(try database.syncRecord())

        // Then it is syncing at first, and online once the round must have been cut off
        #expect(during == SyncLink.Probe(state: .syncing, toReceive: 0, error: nil))
        #expect(after.state == .online)
    }

    @Test func anUnreachableServerIsOfflineAndARefusalAnError() async throws {
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)

        server.fail(with: .unreachable("connection refused"))
        let offline = try await link.probe(try database.syncRecord())
        server.fail(with: .refused(status: 401, code: "unauthorized", message: "\(SyncLinkTests.token) is unknown"))
        let refused = try await link.probe(try database.syncRecord())

        #expect(
            offline
                == SyncLink.Probe(
                    state: .offline, toReceive: nil, error: "the server cannot be reached: connection refused"))
        #expect(
            refused
                == SyncLink.Probe(
                    state: .error, toReceive: nil, error: SyncProblem.tokenRefused(link.remote).description))
        // And the refused token is not sent again
        #expect(try database.syncRecord().tokenRefused)
    }

    @Test func aSilentServerIsOfflineOnceTheProbeLimitPassesOnTheClock() async throws {
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        server.hang()

        let probe = Task { try await link.probe(try database.syncRecord()) }
        await world.clock.waitForSleepers()
        world.clock.advance(by: SyncLink.probeLimit)

        #expect(
            try await probe.value
                == SyncLink.Probe(
                    state: .offline, toReceive: nil, error: "the server cannot be reached: no answer within 2 s"))
    }

    @Test func stoppedSyncIsAnErrorWithoutAskingTheServer() async throws {
        // Given sync stopped on a refusal, and a server that would now answer
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try links.board(world, server)
        server.fail(with: .refused(status: 404, code: "boardNotFound", message: "removed"))
        _ = try? await link.round()
        server.fail(with: nil)

        // When probed
        let probe = try await link.probe(try database.syncRecord())

        // Then the stop stands until the user acts
        #expect(
            probe
                == SyncLink.Probe(
                    state: .error, toReceive: nil, error: "the server refused (404 boardNotFound): removed"))
    }
}
