public import Foundation

/// A device's hybrid logical clock. Each reading is later than every reading this device made
/// or received, even when the wall clock stands still or steps back, so an edit made after
/// seeing another always wins over it.
public struct HybridClock: Hashable, Sendable {
    /// The latest reading made or received.
    public private(set) var latest: HybridTimestamp

    /// A clock for `device` that has seen nothing later than `latest`.
    public init(latest: HybridTimestamp) {
        self.latest = latest
    }

    /// A new clock for `device`.
    public init(device: UUID) {
        self.latest = HybridTimestamp(wallTime: 0, counter: 0, device: device)
    }

    /// The device this clock stamps changes for.
    public var device: UUID { latest.device }

    /// A fresh reading for a local change at wall time `now` (milliseconds since 1970).
    public mutating func tick(now: Int64) -> HybridTimestamp {
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

    /// Takes in a reading from elsewhere, so that later local readings sort after it.
    public mutating func receive(_ remote: HybridTimestamp) {
        if (remote.wallTime, remote.counter) > (latest.wallTime, latest.counter) {
            latest = HybridTimestamp(wallTime: remote.wallTime, counter: remote.counter, device: latest.device)
        }
    }
}
