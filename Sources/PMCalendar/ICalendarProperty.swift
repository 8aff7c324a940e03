/// One content line, `DUE;VALUE=DATE:20261201`: a name, parameters and the value exactly as
/// written (still escaped), so that a property this module does not understand is written back
/// the way the client sent it.
public struct ICalendarProperty: Hashable, Sendable {
    /// The name, upper-cased.
    public var name: String
    /// The parameters, in the order written.
    public var parameters: [ICalendarParameter]
    /// The value as written on the line: TEXT values are still escaped (see ``text``).
    public var rawValue: String

    /// A property from its parts; the name is upper-cased.
    public init(name: String, parameters: [ICalendarParameter] = [], rawValue: String) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.rawValue = rawValue
    }

    /// A TEXT property, `value` escaped as RFC 5545 §3.3.11 requires.
    public init(name: String, parameters: [ICalendarParameter] = [], text: String) {
        self.init(name: name, parameters: parameters, rawValue: ICalendarText.escape(text))
    }

    /// The value read as TEXT: escapes undone.
    public var text: String { ICalendarText.unescape(rawValue) }

    /// The first value of the parameter named `name`, if present.
    public func parameter(_ name: String) -> String? {
        let name = name.uppercased()
        return parameters.first { $0.name == name }?.value
    }
}
