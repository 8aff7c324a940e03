/// A component, `BEGIN:VTODO` … `END:VTODO`: its properties and sub-components in the order
/// they were written.
public struct ICalendarComponent: Hashable, Sendable {
    /// The name, upper-cased: `VCALENDAR`, `VTODO`, `VALARM`, …
    public var name: String
    /// The properties, in order.
    public var properties: [ICalendarProperty]
    /// The sub-components, in order.
    public var components: [ICalendarComponent]

    /// A component from its parts; the name is upper-cased.
    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
    }

    /// The first property named `name`.
    public func property(_ name: String) -> ICalendarProperty? {
        let name = name.uppercased()
        return properties.first { $0.name == name }
    }

    /// Every property named `name`.
    public func properties(_ name: String) -> [ICalendarProperty] {
        let name = name.uppercased()
        return properties.filter { $0.name == name }
    }

    /// The sub-components named `name`.
    public func components(_ name: String) -> [ICalendarComponent] {
        let name = name.uppercased()
        return components.filter { $0.name == name }
    }

    /// Sets the property named `property.name`: the first one is replaced where it stands (so
    /// a client's order is kept) and any others are removed; when there is none, it is appended.
    public mutating func set(_ property: ICalendarProperty) {
        guard let first = properties.firstIndex(where: { $0.name == property.name }) else {
            properties.append(property)
            return
        }
        properties[first] = property
        var index = properties.count - 1
        while index > first {
            if properties[index].name == property.name { properties.remove(at: index) }
            index -= 1
        }
    }

    /// Removes every property named `name`.
    public mutating func remove(_ name: String) {
        let name = name.uppercased()
        properties.removeAll { $0.name == name }
    }
}
