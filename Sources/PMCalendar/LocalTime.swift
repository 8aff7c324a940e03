public import Foundation
public import PMDomain

/// A wall-clock reading, a day and a time of day, not yet tied to any time zone: the parts of
/// an iCalendar DATE-TIME (§3.3.5).
public struct LocalTime: Hashable, Sendable {
    /// The day.
    public var day: Deadline
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int
    /// 0–59 (a leap second, 60, is read as 59).
    public var second: Int

    /// A reading from its parts.
    public init(day: Deadline, hour: Int, minute: Int, second: Int) {
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The reading of `instant` on a clock in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let seconds = Int(
            (instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))).rounded(.down))
        let (days, rest) = Self.floorDivision(seconds, 86_400)
        self.init(day: Deadline(daysSince1970: days), hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// The instant this reading names on a clock in `timeZone`. A reading skipped by a
    /// daylight-saving jump is taken with the offset from before the jump, one that occurs twice
    /// as its first occurrence.
    public func instant(in timeZone: TimeZone) -> Date {
        let wall = Double(secondsSince1970)
        // Zones change offset at most once a day: the offsets a day either side are the only
        // candidates, and the earlier one wins when both name this reading.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        for offset in [before, after] {
            let candidate = Date(timeIntervalSince1970: wall - Double(offset))
            if LocalTime(candidate, in: timeZone) == self { return candidate }
        }
        return Date(timeIntervalSince1970: wall - Double(before))
    }

    /// The reading as if it were on a UTC clock, in seconds since 1970.
    var secondsSince1970: Int {
        day.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `YYYYMMDDTHHMMSS`.
    var basicFormat: String {
        LocalTime.basicDate(day) + "T" + Self.pad(hour) + Self.pad(minute) + Self.pad(second)
    }

    /// `YYYYMMDD`.
    static func basicDate(_ day: Deadline) -> String {
        let (year, month, date) = day.components
        return String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + pad(month) + pad(date)
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
