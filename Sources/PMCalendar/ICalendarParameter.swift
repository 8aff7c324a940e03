/// A property parameter, `TZID=Europe/Berlin` or `MEMBER="mailto:a@x","mailto:b@x"`: a name and
/// one or more values, kept without their quotes.
public struct ICalendarParameter: Hashable, Sendable {
    /// The name, upper-cased (names are case-insensitive, RFC 5545 §2).
    public var name: String
    /// The values, in order, unquoted.
    public var values: [String]

    /// A parameter from its parts; the name is upper-cased.
    public init(name: String, values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    /// A parameter with one value.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// The first value (most parameters have exactly one).
    public var value: String { values.first ?? "" }
}
