/// Reads iCalendar text (RFC 5545 §3.1) into components: lines end in CR LF or a bare LF, a line
/// that starts with a space or tab continues the previous one, and parameter values may be
/// quoted. Unfolding joins bytes before decoding, so a writer that folded inside a UTF-8
/// sequence is still read correctly.
public enum ICalendarReader {
    /// Reads a body that holds exactly one top-level component (normally `VCALENDAR`).
    public static func read(
        _ bytes: some Collection<UInt8>, limits: ICalendarLimits = .card
    ) throws(CalendarError) -> ICalendarComponent {
        let components = try readAll(bytes, limits: limits)
        guard components.count == 1 else {
            throw .calendarMissing(components.isEmpty ? "got no component" : "got \(components.count)")
        }
        return components[0]
    }

    /// Reads a body that holds exactly one top-level component, from text.
    public static func read(_ text: String, limits: ICalendarLimits = .card) throws(CalendarError) -> ICalendarComponent
    {
        try read(Array(text.utf8), limits: limits)
    }

    /// Reads every top-level component of a body.
    public static func readAll(
        _ bytes: some Collection<UInt8>, limits: ICalendarLimits = .card
    ) throws(CalendarError) -> [ICalendarComponent] {
        guard bytes.count <= limits.maxBytes else { throw .bodyTooLarge(bytes.count, limit: limits.maxBytes) }
        var builder = TreeBuilder(maxDepth: limits.maxDepth)
        var logical: [UInt8] = []
        var logicalStart = 0
        var lineNumber = 0
        var input = Array(bytes)
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        for var physical in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard lineNumber <= limits.maxLines else { throw .tooManyLines(limit: limits.maxLines) }
            if physical.last == UInt8(ascii: "\r") { physical = physical.dropLast() }
            if let first = physical.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                guard !logical.isEmpty else {
                    throw .malformedLine(lineNumber, "a continuation line must follow a content line")
                }
                logical.append(contentsOf: physical.dropFirst())
                continue
            }
            try builder.take(logical, line: logicalStart)
            logical = Array(physical)
            logicalStart = lineNumber
        }
        try builder.take(logical, line: logicalStart)
        return try builder.finish(line: lineNumber)
    }
}

/// Turns content lines into the component tree, checking BEGIN/END balance and depth.
private struct TreeBuilder {
    let maxDepth: Int
    var stack: [ICalendarComponent] = []
    var finished: [ICalendarComponent] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    mutating func take(_ bytes: [UInt8], line: Int) throws(CalendarError) {
        // Blank lines are not content lines; writers leave them at the end, so they are skipped.
        guard !bytes.isEmpty else { return }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8(line: line) }
        let property = try ContentLineParser.parse(bytes, line: line)
        switch property.name {
        case "BEGIN":
            guard stack.count < maxDepth else { throw .tooDeep(line: line, limit: maxDepth) }
            let name = property.rawValue.uppercased()
            guard ContentLineParser.isName(name) else { throw .malformedLine(line, "BEGIN needs a component name") }
            stack.append(ICalendarComponent(name: name))
        case "END":
            let name = property.rawValue.uppercased()
            guard let open = stack.popLast() else { throw .unbalanced(line, "END:\(name) without a BEGIN") }
            guard open.name == name else { throw .unbalanced(line, "END:\(name) closes BEGIN:\(open.name)") }
            if stack.isEmpty {
                finished.append(open)
            } else {
                stack[stack.count - 1].components.append(open)
            }
        default:
            guard !stack.isEmpty else { throw .unbalanced(line, "\(property.name) outside any BEGIN/END") }
            stack[stack.count - 1].properties.append(property)
        }
    }

    func finish(line: Int) throws(CalendarError) -> [ICalendarComponent] {
        if let open = stack.last { throw .unbalanced(line, "BEGIN:\(open.name) is never ended") }
        return finished
    }
}
