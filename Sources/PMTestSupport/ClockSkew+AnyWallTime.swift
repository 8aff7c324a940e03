import Foundation
import PMDomain
public import PMServer

extension ClockSkew {
    /// The skew of a server whose clock stands at the end of 9999: every wall time an operation
    /// may carry is within it, so only the card rules are checked. For servers in tests that are
    /// not about time; those that are build a `ClockSkew` on their own clock.
    public static let acceptingEveryWallTime = ClockSkew(
        now: { Date(timeIntervalSince1970: Double(ProjectOperation.wallTimeMaximum) / 1000) })
}
