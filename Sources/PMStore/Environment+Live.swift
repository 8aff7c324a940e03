import Foundation
public import PMDomain

extension Environment {
    /// The real world, read once by each executable at start-up (`pm` and `pm-server` alike):
    /// the system's time, random ids, the time zone (`TZ`), the continuous clock and system
    /// randomness. `PM_NOW` (an ISO 8601 instant) pins the wall time, so demos and tests can
    /// stand on a chosen day, while time still passes for time limits and retries.
    public static func live(variables: [String: String]) throws(PinnedTimeError) -> Environment {
        var now: @Sendable () -> Date = { Date() }
        if let pinned = variables["PM_NOW"], !pinned.isEmpty {
            guard let date = ISO8601DateFormatter().date(from: pinned) else { throw PinnedTimeError(text: pinned) }
            now = { date }
        }
        return Environment(
            now: now, uuid: { UUID() }, timeZone: .current, clock: ContinuousClock(),
            random: { Double.random(in: 0..<1) })
    }
}

/// A `PM_NOW` that is not an ISO 8601 instant.
public struct PinnedTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The variable's text.
    public let text: String

    public var description: String {
        "PM_NOW must be an ISO 8601 instant such as 2026-11-21T09:00:00Z, got \"\(text)\""
    }
}
