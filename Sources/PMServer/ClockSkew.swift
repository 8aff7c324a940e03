public import Foundation
public import PMDomain

/// How far ahead of the server's own clock a pushed operation may be stamped, and that clock.
///
/// Every operation the server stores passes ``check(_:)``: pushes through the API (the CLI, the
/// web board) and the operations CalDAV writes make. A device takes every pulled reading into
/// its hybrid clock; one stamped far in the future (the year 9999, say) would carry every
/// device's next change past what the server accepts, and freeze the board for all of them.
public struct ClockSkew: Sendable {
    /// The skew in milliseconds (`pm-server serve --clock-skew`, in seconds).
    public let milliseconds: Int64
    /// The server's wall clock.
    public let now: @Sendable () -> Date

    /// A skew of `milliseconds` ahead of `now`; five minutes unless told.
    public init(milliseconds: Int64 = HybridClock.defaultSkew, now: @escaping @Sendable () -> Date) {
        self.milliseconds = max(0, milliseconds)
        self.now = now
    }

    /// Checks `operations` as the server stores them: each obeys the card rules
    /// (``ProjectOperation/validate()``) and is stamped no more than the skew ahead of now.
    public func check(_ operations: some Sequence<ProjectOperation>) throws(RuleViolation) {
        let wallTime = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
        for operation in operations {
            try operation.validate(receivedAt: wallTime, skew: milliseconds)
        }
    }
}
