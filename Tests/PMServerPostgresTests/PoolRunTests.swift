import Logging
import PMServerPostgres
import PMTestSupport
import Synchronization
import Testing

/// A one-shot command's pool: stopped when its work ends, waited for only so long, so that a
/// pool whose `run()` never ends cannot hang a command whose work is done.
struct PoolRunTests {
    let logger = Logger(label: "pool-run-tests")

    @Test func aRunThatEndsWhenCancelledIsWaitedForUntilItHasEnded() async throws {
        let ended = Mutex(false)
        let pools = PoolRun([
            {
                try? await Task.sleep(for: .seconds(3600))
                ended.withLock { $0 = true }
            }
        ])
        #expect(await pools.stop(clock: TestClock(), logger: logger))
        #expect(ended.withLock { $0 }, "stop returned only once the run had ended")
    }

    @Test func aRunThatNeverEndsIsLeftBehindOnceTheLimitHasPassed() async throws {
        let gate = Gate()
        let clock = TestClock()
        let pools = PoolRun([{ await gate.wait() }, { try? await Task.sleep(for: .seconds(3600)) }])
        let stopped = Task { await pools.stop(within: .seconds(3), clock: clock, logger: logger) }
        #expect(try await waitUntil { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 1, "still waiting before the limit")
        clock.advance(by: .seconds(1))
        #expect(await stopped.value == false)
        gate.open()
    }

    @Test func whileRunningReturnsTheBodysValueAndStopsTheRun() async throws {
        let cancelled = Mutex(false)
        let value = try await PoolRun.whileRunning(
            {
                try? await Task.sleep(for: .seconds(3600))
                cancelled.withLock { $0 = Task.isCancelled }
            }, clock: TestClock(), logger: logger
        ) { "done" }
        #expect(value == "done")
        #expect(cancelled.withLock { $0 })
    }

    @Test func whileRunningRethrowsTheBodysErrorAndStopsTheRun() async throws {
        struct Refused: Error {}
        let ended = Mutex(false)
        await #expect(throws: Refused.self) {
            try await PoolRun.whileRunning(
                {
                    try? await Task.sleep(for: .seconds(3600))
                    ended.withLock { $0 = true }
                }, clock: TestClock(), logger: logger
            ) { throw Refused() }
        }
        #expect(ended.withLock { $0 })
    }
}

/// A run that ignores cancellation, as the pool that hung did, until the test opens it.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
