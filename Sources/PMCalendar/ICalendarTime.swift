public import Foundation
public import PMDomain

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5), as `DUE`, `DTSTART`, `COMPLETED` and
/// the like carry it.
public enum ICalendarTime: Hashable, Sendable {
    /// `VALUE=DATE:20261201`: a day, no time.
    case date(Deadline)
    /// `20261201T090000Z`: an instant.
    case utc(Date)
    /// `20261201T090000`: a wall-clock reading in whatever zone the reader is in.
    case floating(LocalTime)
    /// `TZID=Asia/Seoul:20261201T090000`: a wall-clock reading in a named zone.
    case zoned(LocalTime, TimeZone)

    /// Reads the value of `property`. An 8-digit value without `VALUE=DATE` is read as a date
    /// too (clients write it so, though RFC 5545 wants the parameter); a `TZID` that Foundation
    /// does not know is an error that names it; one on a UTC value is ignored (§3.2.19).
    public init(_ property: ICalendarProperty) throws(CalendarError) {
        let text = property.rawValue.trimmingCharacters(in: .whitespaces)
        let bytes = Array(text.utf8)
        let unreadable = CalendarError.dateUnreadable(property.name, property.rawValue)
        let valueType = property.parameter("VALUE")?.uppercased()
        guard valueType == nil || valueType == "DATE" || valueType == "DATE-TIME" else { throw unreadable }
        guard let day = Self.day(bytes) else { throw unreadable }
        if bytes.count == 8 {
            guard valueType != "DATE-TIME" else { throw unreadable }
            self = .date(day)
            return
        }
        guard valueType != "DATE", bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")),
            bytes[8] == UInt8(ascii: "T"), let hour = Self.number(bytes[9..<11]), hour < 24,
            let minute = Self.number(bytes[11..<13]), minute < 60, let second = Self.number(bytes[13..<15]),
            second <= 60
        else { throw unreadable }
        let local = LocalTime(day: day, hour: hour, minute: minute, second: min(second, 59))
        if bytes.count == 16 {
            self = .utc(local.instant(in: .gmt))
        } else if let identifier = property.parameter("TZID") {
            guard let zone = TimeZone(identifier: identifier) else {
                throw .timeZoneUnknown(property.name, identifier)
            }
            self = .zoned(local, zone)
        } else {
            self = .floating(local)
        }
    }

    /// The instant named; a date is its first second and a floating reading is read on a clock
    /// in `timeZone`.
    public func instant(floatingIn timeZone: TimeZone) -> Date {
        switch self {
        case .date(let day): LocalTime(day: day, hour: 0, minute: 0, second: 0).instant(in: timeZone)
        case .utc(let instant): instant
        case .floating(let local): local.instant(in: timeZone)
        case .zoned(let local, let zone): local.instant(in: zone)
        }
    }

    /// The calendar day this value falls on for a card in `timeZone`: a date is itself; a
    /// date-time is made an instant (a floating one read in `timeZone`) and the day is the one
    /// that instant falls on in `timeZone`, as the board reads every instant.
    public func day(in timeZone: TimeZone) -> Deadline {
        if case .date(let day) = self { return day }
        return Deadline(containing: instant(floatingIn: timeZone), in: timeZone)
    }

    /// The property `name` carrying this value.
    public func property(_ name: String) -> ICalendarProperty {
        switch self {
        case .date(let day):
            ICalendarProperty(
                name: name, parameters: [ICalendarParameter(name: "VALUE", value: "DATE")],
                rawValue: LocalTime.basicDate(day))
        case .utc(let instant):
            ICalendarProperty(name: name, rawValue: LocalTime(instant, in: .gmt).basicFormat + "Z")
        case .floating(let local):
            ICalendarProperty(name: name, rawValue: local.basicFormat)
        case .zoned(let local, let zone):
            ICalendarProperty(
                name: name, parameters: [ICalendarParameter(name: "TZID", value: zone.identifier)],
                rawValue: local.basicFormat)
        }
    }

    private static func day(_ bytes: [UInt8]) -> Deadline? {
        guard bytes.count >= 8, let year = number(bytes[0..<4]), let month = number(bytes[4..<6]),
            let day = number(bytes[6..<8])
        else { return nil }
        return Deadline(year: year, month: month, day: day)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
