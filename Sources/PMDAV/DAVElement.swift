/// One element of a WebDAV request body, namespaces resolved: what the handlers read instead of
/// parser callbacks.
struct DAVElement: Hashable, Sendable {
    /// The element's qualified name.
    var name: DAVName
    /// Its attributes, by local name.
    var attributes: [String: String] = [:]
    /// Its child elements, in order.
    var children: [DAVElement] = []
    /// The text directly inside it, joined.
    var text = ""

    /// The first child named `name`.
    func child(_ name: DAVName) -> DAVElement? {
        children.first { $0.name == name }
    }

    /// Every child named `name`.
    func children(_ name: DAVName) -> [DAVElement] {
        children.filter { $0.name == name }
    }
}

/// A namespace-qualified XML name, such as `DAV:` `getetag`.
struct DAVName: Hashable, Sendable, CustomStringConvertible {
    /// The namespace URI.
    var namespace: String
    /// The local name.
    var local: String

    init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    var description: String { "{\(namespace)}\(local)" }

    static let dav = "DAV:"
    static let calDAV = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"

    static func dav(_ local: String) -> DAVName { DAVName(dav, local) }
    static func calDAV(_ local: String) -> DAVName { DAVName(calDAV, local) }
}
