public import Foundation

/// The outside world a change needs: the time, new ids and the user's time zone. Passed in,
/// never reached for, so tests can stand at 23:59:59 or replay a seed.
public struct Environment: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// A new random id.
    public var uuid: @Sendable () -> UUID
    /// The user's time zone, in which deadlines are read.
    public var timeZone: TimeZone

    /// An environment from its parts.
    public init(now: @escaping @Sendable () -> Date, uuid: @escaping @Sendable () -> UUID, timeZone: TimeZone) {
        self.now = now
        self.uuid = uuid
        self.timeZone = timeZone
    }

    /// Today's date in the user's time zone.
    public var today: Deadline { Deadline(containing: now(), in: timeZone) }

    /// Now, in milliseconds since 1970, as the hybrid logical clock reads it.
    public var wallTime: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }
}
