/// A `Clock` that stands still until its `TestWorld` is advanced, so tests step a loop that
/// ticks on it (the board's poll, an escape-sequence timeout) without real waiting.
public struct TestClock: Clock {
    /// A point on the test clock: how far the world had been advanced.
    public struct Instant: InstantProtocol {
        /// Time since the world was made.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How long from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Earlier instants sort first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    let world: TestWorld

    /// How far the world has been advanced.
    public var now: Instant { Instant(offset: world.elapsed) }

    /// Any step the test takes is resolved exactly.
    public var minimumResolution: Duration { .zero }

    /// Returns once the world has been advanced to `deadline` (at once if it already has).
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await world.sleep(until: deadline.offset)
    }
}
