import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Testing

/// The one place sync policy lives, driven without processes: a server in memory and a world
/// whose clock moves only when the test moves it.
@Suite(.timeLimit(.minutes(1))) struct SyncLinkTests {
    static let token = "pm_secret_token_0123456789"

    /// A board with a remote and one card waiting to be sent, linked to `server`.
    func board(_ world: TestWorld, _ server: FakeServer) throws -> (AppDatabase, SyncLink) {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://fake.invalid", board: FakeServer.board, token: Self.token))
        _ = try database.add(
            try ProjectInput(title: "Waiting", deadline: "+2d").newProject(today: world.environment.today))
        return (database, server.link(database, environment: world.environment, token: Self.token))
    }

    /// The problem `body` throws, `nil` if it throws none; any other error fails the test.
    func problem(_ body: () async throws -> Void) async -> SyncProblem? {
        do {
            try await body()
            return nil
        } catch let problem as SyncProblem {
            return problem
        } catch {
            Issue.record("not a sync problem: \(error)")
            return nil
        }
    }

    @Test func aRoundThatGetsThroughIsRecordedAtTheEnvironmentsTime() async throws {
        // Given a board with a change, standing on a chosen instant
        let world = TestWorld(day: "2031-02-03", time: "04:05:06")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)

        // When a round runs
        let report = try await link.round()

        // Then the change went, and the round is recorded at the world's time, not the machine's
        #expect(report.pushed == 1)
        let record = try database.syncRecord()
        #expect(record.lastSyncAt == world.now && record.lastAttemptAt == world.now)
        #expect(record.pending == 0 && record.lastError == nil && !record.stopped)
        #expect(try await server.titles() == ["Waiting"])
    }

    @Test func anUnreachableServerIsAProblemToWaitOutAndTheChangeStays() async throws {
        // Given a server that cannot be reached
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)
        server.fail(with: .unreachable("connection refused"))

        // When a round runs
        let problem = await problem { _ = try await link.round() }

        // Then it waits rather than stops, in words the user can read, recorded as such
        #expect(problem == SyncProblem(SyncTransportError.unreachable("connection refused"), token: Self.token))
        #expect(problem?.description == "the server cannot be reached: connection refused")
        #expect(problem?.stops == false && problem?.answered == false)
        let record = try database.syncRecord()
        #expect(record.lastError == "the server cannot be reached: connection refused")
        #expect(!record.stopped && record.pending == 1 && record.lastSyncAt == nil)
        #expect(record.lastAttemptAt == world.now)
    }

    @Test func aRefusalStopsSyncAndTheTokenNeverShows() async throws {
        // Given a server that refuses, quoting the token back
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)
        server.fail(with: .refused(status: 403, code: "forbidden", message: "\(Self.token) may not"))

        // When a round runs
        let problem = await problem { _ = try await link.round() }

        // Then sync stops until the user acts, and neither the problem nor the record holds the token
        #expect(problem?.description == "the server refused (403 forbidden): <token> may not")
        #expect(problem?.stops == true && problem?.answered == true && problem?.tokenRefused == false)
        let record = try database.syncRecord()
        #expect(record.stopped && !record.tokenRefused && record.lastError == problem?.description)
        #expect(record.lastError?.contains(Self.token) == false)
    }

    @Test func aRefusedTokenIsNamedAndNotSentAgainUntilTheRemoteIsSet() async throws {
        // Given a server that refuses the token (401)
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)
        server.fail(with: .refused(status: 401, code: "unauthorized", message: "\(Self.token) is not valid"))

        // When a round runs
        let problem = await problem { _ = try await link.round() }

        // Then the problem names the token by its first characters and says how to set a new one
        let words =
            "the server no longer accepts token pm_secr… (revoked, or not issued by this server); "
            + "set a new one with pm remote set http://fake.invalid --board team --token -"
        #expect(problem?.description == words)
        #expect(problem?.tokenRefused == true && problem?.stops == true)
        #expect(try database.syncRecord().tokenRefused)

        // When the server would now answer, and another round, a push and a probe are asked for
        server.fail(with: .unreachable("a request was sent"))
        let again = await self.problem { _ = try await link.round() }
        let pushed = await link.pushAfterChange()
        let probe = try await link.probe(try database.syncRecord())

        // Then none sends the token: each answers the same refusal without a request
        #expect(again?.description == words)
        #expect(pushed == nil)
        #expect(probe == SyncLink.Probe(state: .error, toReceive: nil, error: words))

        // When the remote is set again with a new token
        try database.setRemote(
            Remote(url: "http://fake.invalid", board: FakeServer.board, token: "pm_new_token_0123456"))
        server.fail(with: nil)

        // Then syncing resumes
        #expect(try database.syncRecord().tokenRefused == false)
        #expect(try await link.round().pushed == 1)
    }

    @Test func aChangePulledFromTheServerThatBreaksARuleStopsSync() throws {
        // Given a rule violation, as a pulled operation raises it
        let violation = try #require(throws: RuleViolation.self) {
            try ProjectInput(title: " ", deadline: "2026-11-21").newProject(
                today: TestWorld(day: "2026-11-21").environment.today)
        }

        // When it is sorted
        let problem = SyncProblem(violation, token: Self.token)

        // Then it stops sync and says where it came from; an error of the store is not sync's
        #expect(problem?.stops == true)
        #expect(problem?.description == "the server sent a change that breaks a rule (\(violation)); syncing stopped")
        #expect(SyncProblem(CancellationError(), token: Self.token) == nil)
    }

    @Test func thePushAfterAChangeGivesUpAfterASecondOnTheClockAndTheChangeWaits() async throws {
        // Given a server that takes the request and never answers
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)
        server.hang()

        // When a command pushes its change, and a second passes on the clock
        let push = Task { await link.pushAfterChange() }
        await world.clock.waitForSleepers()
        world.clock.advance(by: SyncLink.pushLimit)

        // Then the command is not told (being offline is no error), the change waits, and the
        // record says why
        #expect(await push.value == nil)
        let record = try database.syncRecord()
        #expect(record.pending == 1 && !record.stopped)
        #expect(record.lastError == "the server cannot be reached: no answer within 1 s")
    }

    @Test func thePushAfterAChangeReportsARefusalOnceAndThenSendsNothingUntilARound() async throws {
        // Given a server that refuses
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)
        server.fail(with: .refused(status: 404, code: "boardNotFound", message: "no board team"))

        // When a command pushes, then the server heals and another command pushes
        let first = await link.pushAfterChange()
        server.fail(with: nil)
        let second = await link.pushAfterChange()

        // Then the refusal is reported and stops sync; after it nothing is sent automatically
        #expect(first?.description == "the server refused (404 boardNotFound): no board team")
        #expect(first?.stops == true)
        #expect(second == nil)
        #expect(try database.syncRecord().pending == 1)
        #expect(try await server.titles().isEmpty)

        // When a round runs, it gets through and clears the stop
        _ = try await link.round()
        #expect(try database.syncRecord().stopped == false)
        #expect(try await server.titles() == ["Waiting"])
    }

    @Test func thePushAfterAChangeSendsWhatWaits() async throws {
        let world = TestWorld(day: "2026-11-21")
        let server = try await FakeServer()
        let (database, link) = try board(world, server)

        #expect(await link.pushAfterChange() == nil)

        #expect(try database.syncRecord().pending == 0)
        #expect(try await server.titles() == ["Waiting"])
    }
}
