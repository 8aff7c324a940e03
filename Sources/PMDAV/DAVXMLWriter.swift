import PMServer

/// The XML of the WebDAV answers (``DAVMultistatus`` writes the document): a `multistatus` of
/// responses, each with the properties found and those not found. Every namespace the server
/// knows has one prefix, declared once at the root; a property of another namespace a client
/// asked for is written with its own declaration.
enum DAVXMLWriter {
    /// One resource in a multistatus.
    struct Entry: Sendable {
        /// Its path, percent-encoded.
        var href: String
        /// Properties found, as name and inner XML.
        var found: [(DAVName, String)] = []
        /// Properties asked for that it does not have.
        var missing: [DAVName] = []
        /// For a resource that is gone (sync-collection) or not there (multiget): its status.
        var status: Int? = nil
    }

    /// A piece of a response: XML, or one of a card's properties, which a listing writes from
    /// each card's own bytes (``DAVMultistatus/CardTemplate``).
    enum Part: Sendable {
        case xml(String)
        case card(CardField)
    }

    /// The properties of a card that differ from card to card.
    enum CardField: Sendable {
        case etag, length, text
    }

    static let prefixes: [String: String] = [
        DAVName.dav: "D", DAVName.calDAV: "C", DAVName.calendarServer: "CS",
    ]

    static let header = """
        <?xml version="1.0" encoding="utf-8"?>
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">
        """

    /// What follows a response's `href`, up to and including `</D:response>`: its status, or
    /// the properties `found` (a card's fields among them) and those `missing`.
    static func responseTail(found: [(DAVName, Part)], missing: [DAVName], status: Int?) -> [Part] {
        var parts: [Part] = []
        if let status {
            parts.append(.xml("<D:status>\(statusLine(status))</D:status>"))
        } else {
            if !found.isEmpty || missing.isEmpty {
                parts.append(.xml("<D:propstat><D:prop>"))
                for (name, value) in found {
                    switch value {
                    case .xml(let inner): parts.append(.xml(element(name, inner)))
                    case .card:
                        // A card's fields are never empty (the text, its length and ETag).
                        parts += [.xml(openTag(name)), value, .xml(closeTag(name))]
                    }
                }
                parts.append(.xml("</D:prop><D:status>\(statusLine(200))</D:status></D:propstat>"))
            }
            if !missing.isEmpty {
                parts.append(.xml("<D:propstat><D:prop>"))
                for name in missing { parts.append(.xml(element(name, ""))) }
                parts.append(.xml("</D:prop><D:status>\(statusLine(404))</D:status></D:propstat>"))
            }
        }
        parts.append(.xml("</D:response>"))
        return parts
    }

    /// `<P:name>inner</P:name>`, or an empty element.
    static func element(_ name: DAVName, _ inner: String) -> String {
        inner.isEmpty ? "<\(tag(name))\(declaration(name))/>" : openTag(name) + inner + closeTag(name)
    }

    static func openTag(_ name: DAVName) -> String { "<\(tag(name))\(declaration(name))>" }

    static func closeTag(_ name: DAVName) -> String { "</\(tag(name))>" }

    private static func tag(_ name: DAVName) -> String {
        if let prefix = prefixes[name.namespace] { return "\(prefix):\(name.local)" }
        return name.namespace.isEmpty ? name.local : "X:\(name.local)"
    }

    private static func declaration(_ name: DAVName) -> String {
        prefixes[name.namespace] != nil || name.namespace.isEmpty ? "" : " xmlns:X=\"\(escape(name.namespace))\""
    }

    static func statusLine(_ code: Int) -> String {
        switch code {
        case 200: "HTTP/1.1 200 OK"
        case 404: "HTTP/1.1 404 Not Found"
        default: "HTTP/1.1 \(code) Status"
        }
    }

    /// `text` with the five XML special characters escaped, for element text and attributes.
    static func escape(_ text: String) -> String {
        MarkupText.escaped(text, apostrophe: "&apos;")
    }
}
