/// How much iCalendar the reader takes before refusing: a body is read whole into memory and
/// into a tree, so its size, line count and nesting are bounded.
public struct ICalendarLimits: Hashable, Sendable {
    /// Most bytes in a body.
    public var maxBytes: Int
    /// Most physical lines (before unfolding).
    public var maxLines: Int
    /// Deepest nesting of components (`VCALENDAR` › `VTODO` › `VALARM` is 3).
    public var maxDepth: Int

    /// Limits from their parts.
    public init(maxBytes: Int, maxLines: Int, maxDepth: Int) {
        self.maxBytes = maxBytes
        self.maxLines = maxLines
        self.maxDepth = maxDepth
    }

    /// For one card's resource: a card's text is at most ~4 KiB even in four-byte characters,
    /// so 256 KiB leaves ample room for a client's time zones, alarms and X- properties.
    public static let card = ICalendarLimits(maxBytes: 256 * 1024, maxLines: 10_000, maxDepth: 5)
}
