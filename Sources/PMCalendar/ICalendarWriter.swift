/// Writes components as iCalendar text (RFC 5545 §3.1): CR LF line ends, lines folded at 75
/// octets without splitting a UTF-8 sequence, parameter values quoted when they must be.
public enum ICalendarWriter {
    /// Longest line, in octets, not counting the CR LF.
    public static let lineLimit = 75

    /// The text of `component`, every line ending in CR LF.
    public static func write(_ component: ICalendarComponent) -> String {
        var output = ""
        write(component, into: &output)
        return output
    }

    private static func write(_ component: ICalendarComponent, into output: inout String) {
        output += "BEGIN:\(component.name)\r\n"
        for property in component.properties {
            fold(contentLine(property), into: &output)
        }
        for child in component.components {
            write(child, into: &output)
        }
        output += "END:\(component.name)\r\n"
    }

    /// The unfolded line of `property`.
    public static func contentLine(_ property: ICalendarProperty) -> String {
        var line = property.name
        for parameter in property.parameters {
            line += ";" + parameter.name + "=" + parameter.values.map(quoted).joined(separator: ",")
        }
        return line + ":" + property.rawValue
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,`. A double quote cannot appear in
    /// a parameter value at all (§3.2), so it becomes a single one rather than break the line.
    static func quoted(_ value: String) -> String {
        let safe = value.replacing("\"", with: "'")
        return safe.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + safe + "\"" : safe
    }

    /// Appends `line` folded: at most 75 octets a line, each continuation starting with one
    /// space (which counts towards its 75), and every cut between whole Unicode scalars.
    static func fold(_ line: String, into output: inout String) {
        var width = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if width + size > lineLimit {
                output += "\r\n "
                width = 1
            }
            output.unicodeScalars.append(scalar)
            width += size
        }
        output += "\r\n"
    }
}
