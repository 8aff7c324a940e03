public import Foundation

/// A device's hybrid logical clock. Each reading is later than every reading this device made
/// or received, even when the wall clock stands still or steps back, so an edit made after
/// seeing another always wins over it.
///
/// The clock takes in no reading more than ``skew`` ahead of its own wall time: one reading
/// stamped far in the future (a wrong clock, or a member's deliberate push) would otherwise
/// carry every later local reading past what servers accept. Such a reading still orders the
/// change it stamps; the clock just does not follow it.
public struct HybridClock: Hashable, Sendable {
    /// The latest reading made or received.
    public private(set) var latest: HybridTimestamp
    /// How far ahead of the wall time (milliseconds) a received reading may be and still be
    /// taken in; servers refuse operations further ahead than their own skew.
    public let skew: Int64

    /// Five minutes: more than honest clocks drift apart, far less than a poisoned reading.
    public static let defaultSkew: Int64 = 300_000

    /// A clock for `device` that has seen nothing later than `latest`.
    public init(latest: HybridTimestamp, skew: Int64 = defaultSkew) {
        self.latest = latest
        self.skew = max(0, skew)
    }

    /// A new clock for `device`.
    public init(device: UUID, skew: Int64 = defaultSkew) {
        self.init(latest: HybridTimestamp(wallTime: 0, counter: 0, device: device), skew: skew)
    }

    /// The device this clock stamps changes for.
    public var device: UUID { latest.device }

    /// The latest wall time a reading taken in at `now` may carry: `now` plus the skew.
    public func bound(now: Int64) -> Int64 {
        let (bound, overflow) = now.addingReportingOverflow(skew)
        return overflow ? .max : bound
    }

    /// Whether the clock holds a reading beyond ``bound(now:)``: one taken in before clocks were
    /// bounded, or its own, made before the wall clock was set back by more than the skew.
    /// Ticking it as it is would stamp changes that servers refuse.
    public func isAhead(of now: Int64) -> Bool { latest.wallTime > bound(now: now) }

    /// A fresh reading for a local change at wall time `now` (milliseconds since 1970).
    ///
    /// A clock ahead of `now` by more than the skew (``isAhead(of:)``) starts again from `now`:
    /// a device must be able to stamp changes that are accepted, and the readings it gives up
    /// on are ones it should never have taken in. (A store that holds the operations it has seen
    /// takes in the latest of them within the bound first, see `AppDatabase`.)
    public mutating func tick(now: Int64) -> HybridTimestamp {
        if isAhead(of: now) { latest = HybridTimestamp(wallTime: 0, counter: 0, device: latest.device) }
        if now > latest.wallTime {
            latest = HybridTimestamp(wallTime: now, counter: 0, device: latest.device)
        } else if latest.counter == .max {
            // The counter is spent: step the wall time on, which still sorts after everything seen.
            latest = HybridTimestamp(wallTime: latest.wallTime + 1, counter: 0, device: latest.device)
        } else {
            latest = HybridTimestamp(wallTime: latest.wallTime, counter: latest.counter + 1, device: latest.device)
        }
        return latest
    }

    /// Takes in a reading from elsewhere, received at wall time `now`, so that later local
    /// readings sort after it — unless it is more than the skew ahead of `now`: then the clock
    /// stays where it is (the operation it stamps is kept and ordered by it all the same).
    public mutating func receive(_ remote: HybridTimestamp, now: Int64) {
        guard remote.wallTime <= bound(now: now) else { return }
        if (remote.wallTime, remote.counter) > (latest.wallTime, latest.counter) {
            latest = HybridTimestamp(wallTime: remote.wallTime, counter: remote.counter, device: latest.device)
        }
    }
}
