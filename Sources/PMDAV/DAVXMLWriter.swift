/// Writes the WebDAV answers: a `multistatus` of responses, each with the properties found and
/// those not found. Every namespace the server knows has one prefix, declared once at the root;
/// a property of another namespace a client asked for is written with its own declaration.
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

    static let prefixes: [String: String] = [
        DAVName.dav: "D", DAVName.calDAV: "C", DAVName.calendarServer: "CS",
    ]

    /// The multistatus document of `entries`, and a sync token for sync-collection.
    static func multistatus(_ entries: [Entry], syncToken: String? = nil) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">
            """
        xml.reserveCapacity(entries.count * 400)
        for entry in entries {
            xml += "<D:response><D:href>\(escape(entry.href))</D:href>"
            if let status = entry.status {
                xml += "<D:status>\(statusLine(status))</D:status>"
            } else {
                if !entry.found.isEmpty || entry.missing.isEmpty {
                    xml += "<D:propstat><D:prop>"
                    for (name, inner) in entry.found { xml += element(name, inner) }
                    xml += "</D:prop><D:status>\(statusLine(200))</D:status></D:propstat>"
                }
                if !entry.missing.isEmpty {
                    xml += "<D:propstat><D:prop>"
                    for name in entry.missing { xml += element(name, "") }
                    xml += "</D:prop><D:status>\(statusLine(404))</D:status></D:propstat>"
                }
            }
            xml += "</D:response>"
        }
        if let syncToken { xml += "<D:sync-token>\(escape(syncToken))</D:sync-token>" }
        xml += "</D:multistatus>\n"
        return xml
    }

    /// `<P:name>inner</P:name>`, or an empty element.
    static func element(_ name: DAVName, _ inner: String) -> String {
        if let prefix = prefixes[name.namespace] {
            return inner.isEmpty
                ? "<\(prefix):\(name.local)/>" : "<\(prefix):\(name.local)>\(inner)</\(prefix):\(name.local)>"
        }
        let declaration = name.namespace.isEmpty ? "" : " xmlns:X=\"\(escape(name.namespace))\""
        let tag = name.namespace.isEmpty ? name.local : "X:\(name.local)"
        return inner.isEmpty ? "<\(tag)\(declaration)/>" : "<\(tag)\(declaration)>\(inner)</\(tag)>"
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
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
