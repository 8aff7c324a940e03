import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a WebDAV request body (PROPFIND, REPORT) into a ``DAVElement`` tree, refusing what
/// could hurt the server before the parser sees it: a body over ``maxBytes``, a document type
/// declaration (no DTD is ever processed, so no entity can expand or reach outside), elements
/// nested deeper than ``maxDepth``.
enum DAVXMLReader {
    /// A multiget of a thousand cards is some 100 KiB; ten times that is no client's request.
    static let maxBytes = 1024 * 1024
    /// CalDAV's deepest request (a calendar-query filter) nests about eight levels.
    static let maxDepth = 32

    /// The root element of `body`.
    static func read(_ body: [UInt8]) throws(DAVError) -> DAVElement {
        guard body.count <= maxBytes else { throw .xmlTooLarge(body.count, limit: maxBytes) }
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
