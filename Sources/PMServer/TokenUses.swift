public import Foundation
import Synchronization

/// When each token last signed someone in, as far as this process has written it down: a token
/// used all day costs one write an hour, not one per request (a pull, a live reconnect), so a
/// lost phone's token shows whether it is still used without slowing every request.
public final class TokenUses: Sendable {
    /// How stale a token's recorded last use may get while it is being used.
    public static let resolution: TimeInterval = 3600

    private let recorded = Mutex<[[UInt8]: Date]>([:])

    /// None recorded yet.
    public init() {}

    /// Whether a use of the token with `hash` at `now` is to be written down, and if so notes it
    /// as written: the first use this process sees, or one a ``resolution`` after the last.
    public func shouldRecord(hash: [UInt8], at now: Date) -> Bool {
        recorded.withLock { recorded in
            if let last = recorded[hash], now.timeIntervalSince(last) < Self.resolution { return false }
            recorded[hash] = now
            return true
        }
    }
}
