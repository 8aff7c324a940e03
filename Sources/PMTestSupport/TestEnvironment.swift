public import Foundation
public import PMDomain
import Synchronization

/// A controllable world for tests: a clock that stands still until moved, ids counted up from
/// 1 and chance from a fixed seed, so a test can stand at 23:59:59 and step over midnight.
public final class TestWorld: Sendable {
    private let state: Mutex<(now: Date, nextID: UInt64, random: SeededGenerator)>
    /// The time zone deadlines are read in.
    public let timeZone: TimeZone
    /// The clock that waits and times out; ``advance(by:)`` moves it with the wall time.
    public let clock = TestClock()

    /// A world standing at `now` in `timeZone` (UTC by default).
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.state = Mutex((now, 1, SeededGenerator(seed: 1)))
        self.timeZone = timeZone
    }

    /// A world standing at noon UTC of an ISO date such as `2026-11-21`.
    public convenience init(day: String, time: String = "12:00:00", timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        guard let date = formatter.date(from: "\(day)T\(time)") else {
            fatalError("not a day and time: \(day)T\(time)")
        }
        self.init(now: date, timeZone: timeZone)
    }

    /// The current instant.
    public var now: Date { state.withLock { $0.now } }

    /// Moves the wall time forward (or back, to play a wrong wall clock). Forward moves
    /// ``clock`` too, waking what sleeps on it; time passing never runs backwards.
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.now += seconds }
        if seconds > 0 { clock.advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }
    }

    /// Moves the clock forward by `duration`, and the wall time with it.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        state.withLock { $0.now += Double(seconds) + Double(attoseconds) / 1e18 }
        clock.advance(by: duration)
    }

    /// Returns once at least `count` tasks sleep on ``clock``, so a test moves it only once the
    /// timer it means to fire is set.
    public func waitForSleepers(_ count: Int = 1) async {
        await clock.waitForSleepers(count)
    }

    /// Sets the wall time, as a user setting their watch does: ``clock`` stays where it is.
    public func set(_ date: Date) {
        state.withLock { $0.now = date }
    }

    /// The next number in `0..<1` from the world's seed.
    public func random() -> Double {
        let bits = state.withLock { $0.random.next() }
        return Double(bits >> 11) / Double(UInt64(1) << 53)
    }

    /// The next id: `00000000-0000-4000-8000-000000000001`, then 2, and so on.
    public func nextID() -> UUID {
        let value = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return UUID.counted(value)
    }

    /// The environment that reads this world.
    public var environment: PMDomain.Environment {
        PMDomain.Environment(
            now: { self.now }, uuid: { self.nextID() }, timeZone: timeZone, clock: clock, random: { self.random() })
    }
}

/// A seeded random number generator (SplitMix64), so random tests replay from their seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that replays the same numbers for the same seed.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
