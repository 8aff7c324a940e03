public import Foundation

/// One change to one project: the field values it sets, stamped with a hybrid logical clock.
/// Adding, editing, moving, deleting and undoing are all operations; the operation log is the
/// source of the board, of its history and of sync.
public struct ProjectOperation: Identifiable, Hashable, Sendable {
    /// Chosen by the device that made it; applying an operation twice changes nothing.
    public var id: UUID
    /// The project it changes.
    public var projectID: UUID
    /// When and where it was made, by the clock that decides which write of a field wins.
    public var timestamp: HybridTimestamp
    /// The field values it sets.
    public var fields: ProjectFields

    /// An operation from its parts.
    public init(id: UUID, projectID: UUID, timestamp: HybridTimestamp, fields: ProjectFields) {
        self.id = id
        self.projectID = projectID
        self.timestamp = timestamp
        self.fields = fields
    }

    /// Checks the operation as a whole: it sets something, and what it sets obeys the card rules
    /// (`allowingControlCharacters`: see ``ProjectFields/validate(allowingControlCharacters:)``).
    public func validate(allowingControlCharacters: Bool = false) throws(RuleViolation) {
        if fields.isEmpty {
            throw .operationInvalid("it sets no field")
        }
        // A card's creation day is its default deadline, and deadlines end with year 9999.
        if timestamp.wallTime > Self.wallTimeMaximum {
            throw .wallTimeRange(timestamp.wallTime, maximum: Self.wallTimeMaximum)
        }
        try fields.validate(allowingControlCharacters: allowingControlCharacters)
    }

    /// Checks the operation as ``validate()`` does, and that it is stamped no more than `skew`
    /// milliseconds ahead of `now`, the receiving server's wall time: an operation from the far
    /// future would carry every device's clock past what can be stamped (see ``HybridClock``).
    public func validate(receivedAt now: Int64, skew: Int64) throws(RuleViolation) {
        try validate()
        let bound = HybridClock(device: timestamp.device, skew: skew).bound(now: now)
        if timestamp.wallTime > bound {
            throw .wallTimeAhead(timestamp.wallTime, now: now, skew: skew)
        }
    }

    /// The latest wall time an operation may carry: 9999-12-31T23:59:59.999Z.
    public static let wallTimeMaximum: Int64 = 253_402_300_799_999
}
