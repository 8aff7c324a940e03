public import Foundation
public import PMDomain
import Synchronization

/// A controllable world for tests: a clock that stands still until moved, and ids counted up
/// from 1, so a test can stand at 23:59:59 and step over midnight.
public final class TestWorld: Sendable {
    private let state: Mutex<(now: Date, nextID: UInt64)>
    /// The time zone deadlines are read in.
    public let timeZone: TimeZone

    /// A world standing at `now` in `timeZone` (UTC by default).
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.state = Mutex((now, 1))
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

    /// Moves the clock forward (or back, to play a wrong wall clock).
    public func advance(by seconds: TimeInterval) {
        state.withLock { $0.now += seconds }
    }

    /// Sets the clock.
    public func set(_ date: Date) {
        state.withLock { $0.now = date }
    }

    /// The next id: `00000000-0000-0000-0000-000000000001`, then 2, and so on.
    public func nextID() -> UUID {
        let value = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return UUID.counted(value)
    }

    /// The environment that reads this world.
    public var environment: PMDomain.Environment {
        PMDomain.Environment(now: { self.now }, uuid: { self.nextID() }, timeZone: timeZone)
    }
}

extension UUID {
    /// A readable test id whose last digits are `value`.
    public static func counted(_ value: UInt64) -> UUID {
        let hex = String(value, radix: 16)
        let tail = String(repeating: "0", count: 12 - min(12, hex.count)) + hex.suffix(12)
        return UUID(uuidString: "00000000-0000-4000-8000-\(tail)")!
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
