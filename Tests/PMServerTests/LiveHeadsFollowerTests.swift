import Logging
import PMServer
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

@Suite struct LiveHeadsFollowerTests {
    /// A clock whose sleeps return at once, remembering how long each was.
    final class RecordingClock: Clock, Sendable {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
        }

        private let state = Mutex((now: Instant(offset: .zero), sleeps: [Duration]()))
        var now: Instant { state.withLock { $0.now } }
        var minimumResolution: Duration { .zero }
        var sleeps: [Duration] { state.withLock { $0.sleeps } }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            state.withLock { state in
                state.sleeps.append(state.now.duration(to: deadline))
                state.now = deadline
            }
        }
    }

    @Test func givenAStoreThatFailsWhenFollowingThenItRetriesWithGrowingPausesOnTheInjectedClock() async {
        // Given a store whose announcements fail three times, then announce a head and end
        let attempts = Mutex(0)
        let live = LiveHeads()
        let heads = live.heads(of: "team")
        let clock = RecordingClock()
        let follower = LiveHeadsFollower(
            live: live,
            followHeads: { publish in
                let attempt = attempts.withLock { count in
                    count += 1
                    return count
                }
                guard attempt > 3 else { throw ConnectionLost() }
                publish("team", 42)
            }, clock: clock, random: { 1 }, logger: Logger(label: "test"))
        // When it follows, as the service runs
        let running = Task { await follower.run() }
        var iterator = heads.makeAsyncIterator()
        // Then it passes the head on once the store answers, having paused 100, 200 and 400 ms
        // on that clock (the shared backoff) before the retries
        #expect(await iterator.next() == 42)
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
        #expect(attempts.withLock { $0 } == 4)
        running.cancel()
        await running.value
    }

    struct ConnectionLost: Error {}

    @Test func theFollowersPausesAreTheSharedBackoffCappedAtFiveSeconds() {
        #expect(LiveHeadsFollower.backoff.delay(attempt: 1, random: 0) == .milliseconds(50))
        #expect(LiveHeadsFollower.backoff.delay(attempt: 30, random: 1) == .seconds(5))
    }
}
