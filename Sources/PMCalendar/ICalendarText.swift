/// TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newline are escaped.
public enum ICalendarText {
    /// `text` with `\`, `;`, `,` escaped and every line break (CR LF, LF or CR) written `\n`.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `raw` with escapes undone: `\n` and `\N` become a line feed. A backslash before any other
    /// character is kept with it, as lenient readers do, rather than refusing the whole body.
    public static func unescape(_ raw: String) -> String {
        guard raw.unicodeScalars.contains("\\") else { return raw }
        var result = ""
        var escaping = false
        for scalar in raw.unicodeScalars {
            if escaping {
                switch scalar {
                case "n", "N": result += "\n"
                case "\\", ";", ",": result.unicodeScalars.append(scalar)
                default:
                    result += "\\"
                    result.unicodeScalars.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if escaping { result += "\\" }
        return result
    }
}
