/// Input that breaks one of the product's rules. Its description names the rule, in the words
/// every front end shows: the CLI, the board and the server refuse bad input alike.
public struct RuleViolation: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case titleLength, titleMultiline, descriptionLength, titleControl, descriptionControl
        case deadlineUnreadable, deadlinePast, statusUnknown
        case idPrefixShort, idPrefixNotHex, durationUnreadable
        case operationInvalid, wallTimeRange, wallTimeAhead
    }

    private let code: Code

    /// The message shown to the user.
    public let description: String

    /// The field the rule is about (`title`, `deadline`, …), for forms that show errors inline.
    public let field: String?

    /// A stable, machine-readable name of the rule, for JSON error bodies.
    public var rule: String { code.rawValue }

    private init(_ code: Code, field: String?, _ description: String) {
        self.code = code
        self.field = field
        self.description = description
    }

    static func titleLength(_ count: Int) -> Self {
        Self(.titleLength, field: "title", "title must be 1–\(ProjectRules.titleLimit) characters, got \(count)")
    }

    static var titleMultiline: Self {
        Self(.titleMultiline, field: "title", "title must be one line")
    }

    static func titleControl(_ scalar: Unicode.Scalar) -> Self {
        Self(.titleControl, field: "title", "title may not contain control characters, got \(scalar.codePoint)")
    }

    static func descriptionControl(_ scalar: Unicode.Scalar) -> Self {
        Self(
            .descriptionControl, field: "description",
            "description may not contain control characters other than newline and tab, got \(scalar.codePoint)")
    }

    static func descriptionLength(_ count: Int) -> Self {
        Self(
            .descriptionLength, field: "description",
            "description must be at most \(ProjectRules.descriptionLimit) characters, got \(count)")
    }

    static func deadlineUnreadable(_ text: String) -> Self {
        Self(
            .deadlineUnreadable, field: "deadline",
            "deadline must be a date (YYYY-MM-DD), today, tomorrow, +Nd or +Nw, got \"\(text)\"")
    }

    static func deadlineNotADay(_ text: String) -> Self {
        Self(.deadlineUnreadable, field: "deadline", "deadline must be a real date: \(text) is not a day")
    }

    static func deadlineTooFar(_ text: String) -> Self {
        Self(
            .deadlineUnreadable, field: "deadline",
            "deadline must be at most \(DayCount.limit) days or weeks ahead, got \"\(text)\"")
    }

    static func deadlinePast(_ deadline: Deadline, today: Deadline) -> Self {
        Self(.deadlinePast, field: "deadline", "deadline may not be before today (\(today)), got \(deadline)")
    }

    static func statusUnknown(_ text: String) -> Self {
        Self(.statusUnknown, field: "status", "status must be todo, doing or done, got \"\(text)\"")
    }

    static func idPrefixShort(_ text: String) -> Self {
        Self(.idPrefixShort, field: "id", "id must be at least 4 hex digits, got \"\(text)\"")
    }

    static func idPrefixNotHex(_ text: String) -> Self {
        Self(.idPrefixNotHex, field: "id", "id must be hex digits (0-9, a-f), got \"\(text)\"")
    }

    static func idPrefixLong(_ text: String, digits: Int) -> Self {
        Self(.idPrefixNotHex, field: "id", "id has at most 32 hex digits, got \(digits) in \"\(text)\"")
    }

    static func durationUnreadable(_ text: String) -> Self {
        Self(.durationUnreadable, field: "within", "duration must be Nd or Nw (days or weeks), got \"\(text)\"")
    }

    static func wallTimeRange(_ wallTime: Int64, maximum: Int64) -> Self {
        Self(
            .wallTimeRange, field: "timestamp",
            "wallTime must be at most \(maximum) (9999-12-31T23:59:59.999Z), got \(wallTime)")
    }

    static func wallTimeAhead(_ wallTime: Int64, now: Int64, skew: Int64) -> Self {
        Self(
            .wallTimeAhead, field: "timestamp",
            "wallTime may be at most \(skew / 1000) seconds ahead of the server's clock (\(now)), got \(wallTime)")
    }

    static func operationInvalid(_ reason: String) -> Self {
        Self(.operationInvalid, field: nil, "operation is invalid: \(reason)")
    }
}

extension Unicode.Scalar {
    /// `U+001B`: how a message names a character that cannot be shown.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
