public import Foundation

/// A calendar date, read in the user's time zone: a deadline is a day, not an instant.
///
/// Stored as the number of days since 1970-01-01 so that comparing and adding days is plain
/// integer arithmetic (the civil-calendar conversions are Howard Hinnant's algorithms).
public struct Deadline: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (negative before it).
    public let daysSince1970: Int

    /// The date that lies `daysSince1970` days after 1970-01-01.
    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// A date from its parts, or `nil` when the parts name no real day (`2026-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Deadline.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.daysSince1970 = era * 146097 + dayOfEra - 719468
    }

    /// The day that `instant` falls on in `timeZone`.
    public init(containing instant: Date, in timeZone: TimeZone) {
        let seconds = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    /// The deadline of a card whose deadline was never written (its first operations are still
    /// on their way): the UTC day it was created on, `createdAt` milliseconds since 1970, the
    /// same on every replica. The device's list index says it in SQL (`ProjectRow.listDeadline`).
    public init(defaultFor createdAt: Int64) {
        self.init(daysSince1970: Int((createdAt >= 0 ? createdAt : createdAt - 86_400_000 + 1) / 86_400_000))
    }

    /// Year, month and day.
    public var components: (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> Deadline {
        Deadline(daysSince1970: daysSince1970 + days)
    }

    /// Whole days from `self` to `other`.
    public func days(until other: Deadline) -> Int {
        other.daysSince1970 - daysSince1970
    }

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool {
        lhs.daysSince1970 < rhs.daysSince1970
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Deadline: CustomStringConvertible {
    /// The ISO 8601 form, `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Deadline {
    /// Reads a strict ISO date, `YYYY-MM-DD`, or `nil`.
    public init?(iso text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Reads what a user may type for a deadline: an ISO date, `today`, `tomorrow`, `+Nd` or `+Nw`.
    ///
    /// Relative forms count from `today`. Whether the result may lie in the past is a separate
    /// rule (``ProjectRules/checkNotPast(_:today:)``), since an unchanged past deadline stays valid.
    public init(parsing text: String, today: Deadline) throws(RuleViolation) {
        let input = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let date = Deadline(iso: input) {
            self = date
            return
        }
        switch input {
        case "today":
            self = today
            return
        case "tomorrow":
            self = today.adding(days: 1)
            return
        default:
            break
        }
        if let days = DayCount(parsing: input, allowSign: true) {
            self = today.adding(days: days.days)
            return
        }
        // Written in the right form but out of range: say what is wrong with it, not the form.
        if input.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil { throw .deadlineNotADay(input) }
        if input.wholeMatch(of: /\+[0-9]+[dw]/) != nil { throw .deadlineTooFar(text) }
        throw .deadlineUnreadable(text)
    }
}

extension Deadline: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Deadline(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "deadline must be a date (YYYY-MM-DD), got \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
