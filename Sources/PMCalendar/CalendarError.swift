public import PMDomain

/// iCalendar input that cannot be read or breaks a card rule. Its description names the rule
/// (and the line, for syntax), so a CalDAV client's user sees why a change was refused.
public struct CalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case bodyTooLarge, tooManyLines, tooDeep, notUTF8, malformedLine, unbalanced
        case calendarMissing, taskMissing, taskDuplicated
        case dateUnreadable, timeZoneUnknown, statusUnknown, uidMismatch
        case rule
    }

    private let code: Code

    /// The message shown to the user.
    public let description: String

    /// The card field the rule is about (`title`, `deadline`, …), or `nil` for syntax errors.
    public let field: String?

    /// The card rule broken, when the input was readable but a field's value was not allowed.
    public let violation: RuleViolation?

    /// A stable, machine-readable name of the rule: a card rule's own name (`titleLength`, …)
    /// or one of this module's (`bodyTooLarge`, `taskDuplicated`, …).
    public var rule: String { violation?.rule ?? code.rawValue }

    private init(_ code: Code, field: String? = nil, _ description: String) {
        self.code = code
        self.field = field
        self.description = description
        self.violation = nil
    }

    /// The card rule `violation`, with its own message (the CLI's words).
    public init(_ violation: RuleViolation) {
        self.code = .rule
        self.field = violation.field
        self.description = violation.description
        self.violation = violation
    }

    static func bodyTooLarge(_ size: Int, limit: Int) -> Self {
        Self(.bodyTooLarge, "iCalendar body must be at most \(limit) bytes, got \(size)")
    }

    static func tooManyLines(limit: Int) -> Self {
        Self(.tooManyLines, "iCalendar body must have at most \(limit) lines")
    }

    static func tooDeep(line: Int, limit: Int) -> Self {
        Self(.tooDeep, "line \(line): components may nest at most \(limit) deep")
    }

    static func notUTF8(line: Int) -> Self {
        Self(.notUTF8, "line \(line): iCalendar text must be UTF-8")
    }

    static func malformedLine(_ line: Int, _ reason: String) -> Self {
        Self(.malformedLine, "line \(line): not an iCalendar content line: \(reason)")
    }

    static func unbalanced(_ line: Int, _ reason: String) -> Self {
        Self(.unbalanced, "line \(line): \(reason)")
    }

    static func calendarMissing(_ reason: String) -> Self {
        Self(.calendarMissing, "body must be one VCALENDAR: \(reason)")
    }

    static var taskMissing: Self {
        Self(.taskMissing, "VCALENDAR must hold exactly one VTODO, got none")
    }

    static func taskDuplicated(_ count: Int) -> Self {
        Self(.taskDuplicated, "VCALENDAR must hold exactly one VTODO, got \(count)")
    }

    static func dateUnreadable(_ property: String, _ text: String) -> Self {
        Self(
            .dateUnreadable, field: property == "DUE" ? "deadline" : nil,
            "\(property) must be a date (YYYYMMDD) or a date-time (YYYYMMDDTHHMMSS, with Z or TZID), got \"\(text)\"")
    }

    static func timeZoneUnknown(_ property: String, _ identifier: String) -> Self {
        Self(.timeZoneUnknown, "\(property): unknown time zone TZID=\(identifier)")
    }

    static func statusUnknown(_ text: String) -> Self {
        Self(
            .statusUnknown, field: "status",
            "STATUS must be NEEDS-ACTION, IN-PROCESS or COMPLETED, got \"\(text)\"")
    }

    static func uidMismatch(_ uid: String, expected: String) -> Self {
        Self(.uidMismatch, field: "id", "UID must be the card's id \(expected), got \"\(uid)\"")
    }
}
