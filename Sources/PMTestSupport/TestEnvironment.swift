public import Foundation
public import PMDomain
import Synchronization

/// A controllable world for tests: a clock that stands still until moved, and ids counted up
/// from 1, so a test can stand at 23:59:59 and step over midnight. Its `clock` moves with it,
/// waking whatever sleeps on it, so a loop that ticks on the clock can be stepped without
/// real waiting.
public final class TestWorld: Sendable {
    private let state: Mutex<State>
    /// The time zone deadlines are read in.
    public let timeZone: TimeZone

    /// A world standing at `now` in `timeZone` (UTC by default).
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.state = Mutex(State(now: now))
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
        // The wall clock moves by exactly `seconds`; the monotonic one never moves back.
        move(wallClock: seconds, clock: seconds > 0 ? .seconds(seconds) : .zero)
    }

    /// Moves the clock forward by `duration` and wakes every sleeper it passes.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        move(wallClock: Double(seconds) + Double(attoseconds) / 1e18, clock: duration)
    }

    private func move(wallClock seconds: TimeInterval, clock duration: Duration) {
        let woken = state.withLock { state in
            state.now += seconds
            state.elapsed += duration
            let elapsed = state.elapsed
            defer { state.sleepers.removeAll { $0.deadline <= elapsed } }
            return state.sleepers.filter { $0.deadline <= elapsed }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// A clock on this world's time: it stands still until the world is advanced.
    public var clock: TestClock { TestClock(world: self) }

    /// How far the world has been advanced since it was made.
    var elapsed: Duration { state.withLock { $0.elapsed } }

    /// Waits until at least `count` tasks sleep on the clock, so a test advances it only once
    /// the timer it means to fire is set.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func resumeSleeperWaiters() {
        let ready = state.withLock { state in
            let sleeping = state.sleepers.count
            defer { state.sleeperWaiters.removeAll { $0.count <= sleeping } }
            return state.sleeperWaiters.filter { $0.count <= sleeping }
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Suspends until the world has been advanced to `deadline`, or throws once cancelled.
    func sleep(until deadline: Duration) async throws {
        let number = state.withLock { state in
            defer { state.nextSleeper += 1 }
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.elapsed { return .success(()) }
                    state.sleepers.append(Sleeper(number: number, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
                resumeSleeperWaiters()
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                defer { state.sleepers.removeAll { $0.number == number } }
                return state.sleepers.first { $0.number == number }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Sets the clock.
    public func set(_ date: Date) {
        state.withLock { $0.now = date }
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
        PMDomain.Environment(now: { self.now }, uuid: { self.nextID() }, timeZone: timeZone)
    }
}

extension TestWorld {
    /// The world's mutable part, behind one lock.
    fileprivate struct State {
        var now: Date
        var nextID: UInt64 = 1
        var elapsed = Duration.zero
        var sleepers: [Sleeper] = []
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var nextSleeper = 0
    }

    /// A task sleeping on the world's clock.
    fileprivate struct Sleeper {
        let number: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
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
