/// Parses one unfolded content line, `name *(";" param) ":" value` (RFC 5545 §3.1), on its
/// UTF-8 bytes: every delimiter is ASCII, so slices between delimiters are whole characters.
enum ContentLineParser {
    static func parse(_ bytes: [UInt8], line: Int) throws(CalendarError) -> ICalendarProperty {
        var index = 0
        let name = try readName(bytes, &index, line: line, what: "property name")
        var parameters: [ICalendarParameter] = []
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let parameterName = try readName(bytes, &index, line: line, what: "parameter name")
            guard index < bytes.count, bytes[index] == equals else {
                throw .malformedLine(line, "parameter \(parameterName) needs \"=\" and a value")
            }
            index += 1
            var values = [try readParameterValue(bytes, &index, line: line)]
            while index < bytes.count, bytes[index] == comma {
                index += 1
                values.append(try readParameterValue(bytes, &index, line: line))
            }
            parameters.append(ICalendarParameter(name: parameterName, values: values))
        }
        guard index < bytes.count, bytes[index] == colon else {
            throw .malformedLine(line, "\(name) needs \":\" before its value")
        }
        let value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        return ICalendarProperty(name: name, parameters: parameters, rawValue: value)
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isNameByte)
    }

    private static func readName(
        _ bytes: [UInt8], _ index: inout Int, line: Int, what: String
    ) throws(CalendarError) -> String {
        let start = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw .malformedLine(line, "missing \(what)") }
        return String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
    }

    private static func readParameterValue(
        _ bytes: [UInt8], _ index: inout Int, line: Int
    ) throws(CalendarError) -> String {
        if index < bytes.count, bytes[index] == quote {
            let start = index + 1
            guard let end = bytes[start...].firstIndex(of: quote) else {
                throw .malformedLine(line, "a quoted parameter value is never closed")
            }
            index = end + 1
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let start = index
        while index < bytes.count, ![semicolon, colon, comma].contains(bytes[index]) {
            guard bytes[index] != quote else {
                throw .malformedLine(line, "a quote inside an unquoted parameter value")
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static let semicolon = UInt8(ascii: ";")
    private static let colon = UInt8(ascii: ":")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
}
