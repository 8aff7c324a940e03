import PMTestSupport
import Testing

@testable import PMServerPostgres

/// The check at start on a cluster's hosts: the first host to answer decides, and a host whose
/// query never ends (a standby starting up, a pool retrying a refused connection) holds nothing
/// back.
struct FirstSuccessTests {
    struct Refused: Error, Equatable { let host: Int }

    @Test(.timeLimit(.minutes(1))) func oneHostAnsweringDecidesWhileAnotherNeverEnds() async throws {
        let gate = Gate()
        defer { gate.open() }
        try await firstSuccess(
            of: [{ await gate.wait() }, { throw Refused(host: 2) }, {}], within: .seconds(10), clock: TestClock())
    }

    @Test(.timeLimit(.minutes(1))) func everyHostRefusingThrowsAtOnceWithoutWaitingForTheLimit() async throws {
        let clock = TestClock()
        await #expect(throws: Refused.self) {
            try await firstSuccess(
                of: [{ throw Refused(host: 1) }, { throw Refused(host: 2) }], within: .seconds(10), clock: clock)
        }
    }

    @Test func atTheLimitARefusalSeenSoFarIsTheAnswer() async throws {
        let gate = Gate()
        defer { gate.open() }
        let clock = TestClock()
        let check = Task {
            try await firstSuccess(
                of: [{ await gate.wait() }, { throw Refused(host: 2) }], within: .seconds(10), clock: clock)
        }
        #expect(try await waitUntil { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(10))
        await #expect(throws: Refused(host: 2)) { try await check.value }
    }

    @Test func atTheLimitWithNoAnswerAtAllTheLimitIsReached() async throws {
        let gate = Gate()
        defer { gate.open() }
        let clock = TestClock()
        let check = Task {
            try await firstSuccess(
                of: [{ await gate.wait() }, { await gate.wait() }], within: .seconds(10), clock: clock)
        }
        #expect(try await waitUntil { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1, "still waiting before the limit")
        clock.advance(by: .seconds(1))
        await #expect(throws: LimitReached.self) { try await check.value }
    }
}
