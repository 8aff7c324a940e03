import Foundation

/// A number of days written as `Nd` or `Nw` (`+Nd`, `+Nw` for deadlines).
public struct DayCount: Hashable, Sendable {
    /// The length in days.
    public let days: Int

    /// A count of `days` days.
    public init(days: Int) {
        self.days = days
    }

    /// Reads `Nd` or `Nw`; with `allowSign`, `+Nd` and `+Nw`, as deadlines are written.
    public init?(parsing text: String, allowSign: Bool = false) {
        var body = Substring(text.lowercased())
        if body.first == "+" {
            guard allowSign else { return nil }
            body = body.dropFirst()
        } else if allowSign {
            return nil
        }
        let digits = body.dropLast()
        guard let unit = body.last, !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
            let count = Int(digits), count <= Self.limit
        else { return nil }
        switch unit {
        case "d": days = count
        case "w": days = count * 7
        default: return nil
        }
    }

    /// The most days (or weeks) a count may have: deadlines end with year 9999.
    public static let limit = 100_000

    /// Reads a window such as `pm due --within 3d` (or `+3d`, as a deadline is written).
    public init(window text: String) throws(RuleViolation) {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("+") { trimmed.removeFirst() }
        guard let count = DayCount(parsing: trimmed) else {
            throw .durationUnreadable(text)
        }
        self = count
    }
}
