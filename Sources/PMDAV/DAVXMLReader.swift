import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a WebDAV request body (PROPFIND, REPORT) into a ``DAVElement`` tree, refusing what
/// could hurt the server before the parser sees it: a body over ``maxBytes``, a body that is not
/// UTF-8 (``isUTF8Only(_:)``), a document type declaration (no DTD is ever processed, so no
/// entity can expand or reach outside), elements nested deeper than ``maxDepth``.
enum DAVXMLReader {
    /// A multiget of a thousand cards is some 100 KiB; ten times that is no client's request.
    static let maxBytes = 1024 * 1024
    /// CalDAV's deepest request (a calendar-query filter) nests about eight levels.
    static let maxDepth = 32

    /// The root element of `body`.
    static func read(_ body: [UInt8]) throws(DAVError) -> DAVElement {
        guard body.count <= maxBytes else { throw .xmlTooLarge(body.count, limit: maxBytes) }
        // The parser would decode UTF-16, UTF-7 or EBCDIC, in which `<!DOCTYPE` is other bytes:
        // the byte check below holds only for a body the parser reads as UTF-8.
        guard isUTF8Only(body) else { throw .xmlEncoding }
        if contains(body, "<!DOCTYPE") || contains(body, "<!ENTITY") { throw .xmlDoctype }
        let parser = XMLParser(data: Data(body))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder(maxDepth: maxDepth)
        parser.delegate = builder
        let parsed = parser.parse()
        if let error = builder.error { throw error }
        guard parsed, let root = builder.root else {
            throw .xmlMalformed(parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element")
        }
        return root
    }

    /// Whether `bytes` is UTF-8 the parser reads as UTF-8: valid UTF-8 (so no UTF-16 or UTF-32
    /// byte-order mark), no NUL (UTF-16 and UTF-32 text without a mark has them; XML allows
    /// none), and an XML declaration, if any, that names no other encoding.
    static func isUTF8Only(_ bytes: [UInt8]) -> Bool {
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return false }
        guard let encoding = declaredEncoding(text) else { return true }
        return ["utf-8", "utf8"].contains(encoding.lowercased())
    }

    /// The `encoding` of the XML declaration that opens `text` (after a UTF-8 byte-order mark).
    static func declaredEncoding(_ text: String) -> String? {
        let start = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        guard start.hasPrefix("<?xml"), let end = start.range(of: "?>") else { return nil }
        let declaration = start[..<end.lowerBound]
        guard let name = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        return String(value.dropFirst().prefix { $0 != quote })
    }

    /// Whether `text` occurs in `bytes`, ASCII case ignored.
    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.uppercased().utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) {
            var index = 0
            while index < needle.count {
                var byte = bytes[start + index]
                if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
                guard byte == needle[index] else { break }
                index += 1
            }
            if index == needle.count { return true }
        }
        return false
    }

    /// Collects the parser's callbacks into a tree. Used by one parse on one thread only.
    private final class TreeBuilder: NSObject, XMLParserDelegate, @unchecked Sendable {
        let maxDepth: Int
        var stack: [DAVElement] = []
        var root: DAVElement?
        var error: DAVError?

        init(maxDepth: Int) {
            self.maxDepth = maxDepth
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            guard stack.count < maxDepth else {
                error = .xmlTooDeep(limit: maxDepth)
                parser.abortParsing()
                return
            }
            stack.append(
                DAVElement(name: DAVName(namespaceURI ?? "", elementName), attributes: attributeDict))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
