import Foundation
import PMCalendar

/// The `filter` of a calendar-query REPORT (RFC 4791 §9.7), evaluated against each card's
/// VCALENDAR: nested `comp-filter`s with `is-not-defined` and `time-range`, `prop-filter`s with
/// `is-not-defined` and `text-match` (substring, case ignored, `negate-condition`) — what
/// Thunderbird, DAVx5, Apple and python `caldav` send for tasks. A `time-range` on a VTODO is
/// matched against its `DUE` (a task without one always matches); `param-filter`s and a
/// `time-range` inside a `prop-filter` are accepted and match everything.
struct CalendarQueryFilter: Sendable {
    struct TimeRange: Sendable {
        var start: Date?
        var end: Date?
    }

    struct PropFilter: Sendable {
        var name: String
        var isNotDefined = false
        var textMatch: (text: String, negate: Bool)?
    }

    struct CompFilter: Sendable {
        var name: String
        var isNotDefined = false
        var timeRange: TimeRange?
        var props: [PropFilter] = []
        var comps: [CompFilter] = []
    }

    /// The top `comp-filter`, which names VCALENDAR; `nil` matches everything.
    let root: CompFilter?

    init(_ filter: DAVElement?) throws(DAVError) {
        guard let filter else {
            root = nil
            return
        }
        guard let top = filter.child(.calDAV("comp-filter")) else {
            throw .xmlUnexpected("calendar-query filter must hold a comp-filter")
        }
        root = try Self.comp(top)
    }

    /// Whether `calendar` (a card's VCALENDAR) passes the filter.
    func matches(_ calendar: ICalendarComponent) -> Bool {
        guard let root else { return true }
        guard root.name == calendar.name else { return root.isNotDefined }
        if root.isNotDefined { return false }
        return Self.matches(root, calendar)
    }

    private static func matches(_ filter: CompFilter, _ component: ICalendarComponent) -> Bool {
        if let range = filter.timeRange, !matches(range, component) { return false }
        for prop in filter.props where !matches(prop, component) { return false }
        for comp in filter.comps {
            let children = component.components(comp.name.uppercased())
            if comp.isNotDefined {
                if !children.isEmpty { return false }
            } else if !children.contains(where: { matches(comp, $0) }) {
                return false
            }
        }
        return true
    }

    private static func matches(_ filter: PropFilter, _ component: ICalendarComponent) -> Bool {
        let properties = component.properties(filter.name.uppercased())
        if filter.isNotDefined { return properties.isEmpty }
        guard !properties.isEmpty else { return false }
        guard let textMatch = filter.textMatch else { return true }
        return properties.contains { property in
            let found = property.text.range(of: textMatch.text, options: [.caseInsensitive]) != nil
            return found != textMatch.negate
        }
    }

    private static func matches(_ range: TimeRange, _ component: ICalendarComponent) -> Bool {
        guard let due = component.property("DUE"), let time = try? ICalendarTime(due) else { return true }
        let instant = time.instant(floatingIn: .gmt)
        if let start = range.start, instant < start { return false }
        if let end = range.end, instant >= end { return false }
        return true
    }

    private static func comp(_ element: DAVElement) throws(DAVError) -> CompFilter {
        guard let name = element.attributes["name"], !name.isEmpty else {
            throw .xmlUnexpected("comp-filter must have a name")
        }
        var filter = CompFilter(name: name)
        filter.isNotDefined = element.child(.calDAV("is-not-defined")) != nil
        if let range = element.child(.calDAV("time-range")) { filter.timeRange = try timeRange(range) }
        for prop in element.children(.calDAV("prop-filter")) {
            guard let name = prop.attributes["name"], !name.isEmpty else {
                throw .xmlUnexpected("prop-filter must have a name")
            }
            var propFilter = PropFilter(name: name)
            propFilter.isNotDefined = prop.child(.calDAV("is-not-defined")) != nil
            if let match = prop.child(.calDAV("text-match")) {
                propFilter.textMatch = (match.text, match.attributes["negate-condition"] == "yes")
            }
            filter.props.append(propFilter)
        }
        for child in element.children(.calDAV("comp-filter")) { filter.comps.append(try comp(child)) }
        return filter
    }

    private static func timeRange(_ element: DAVElement) throws(DAVError) -> TimeRange {
        func instant(_ attribute: String) throws(DAVError) -> Date? {
            guard let text = element.attributes[attribute] else { return nil }
            guard let time = try? ICalendarTime(ICalendarProperty(name: attribute.uppercased(), rawValue: text)) else {
                throw .xmlUnexpected("time-range \(attribute) must be a UTC date-time, got \"\(text)\"")
            }
            return time.instant(floatingIn: .gmt)
        }
        return TimeRange(start: try instant("start"), end: try instant("end"))
    }
}
