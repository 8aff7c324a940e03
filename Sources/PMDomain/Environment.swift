public import Foundation

/// The outside world a change needs: the time, new ids, the user's time zone, the passing of
/// time and chance. Passed in, never reached for, so tests can stand at 23:59:59, step a clock
/// over a retry's delay or replay a seed.
public struct Environment: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// A new random id.
    public var uuid: @Sendable () -> UUID
    /// The user's time zone, in which deadlines are read.
    public var timeZone: TimeZone
    /// The clock that waits and times out: retries, time limits, watchdogs. Apart from `now`,
    /// so pinning the wall time (`PM_NOW`) does not stop time passing.
    public var clock: any Clock<Duration>
    /// A number in `0..<1`, fresh on every call: the jitter of a retry's delay.
    public var random: @Sendable () -> Double

    /// An environment from its parts.
    public init(
        now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID, timeZone: TimeZone,
        clock: any Clock<Duration>, random: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.uuid = uuid
        self.timeZone = timeZone
        self.clock = clock
        self.random = random
    }

    /// Today's date in the user's time zone.
    public var today: Deadline { Deadline(containing: now(), in: timeZone) }

    /// Now, in milliseconds since 1970, as the hybrid logical clock reads it.
    public var wallTime: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }
}
