/// A multistatus document written straight into one byte array: no XML tree and no string per
/// element. A listing of thousands of cards writes each card's response from bytes made once
/// with the card (``CardResource/xml``) and a ``CardTemplate`` made once for the request.
struct DAVMultistatus {
    private var bytes: [UInt8] = []

    /// What every card's response holds after its `href`, for one request's properties: fixed
    /// XML, and the places where each card's own bytes go.
    struct CardTemplate: Sendable {
        enum Chunk: Sendable {
            case bytes([UInt8])
            case field(DAVXMLWriter.CardField)
        }

        let chunks: [Chunk]

        /// The template of `parts` (``DAVXMLWriter/responseTail(found:missing:status:)``).
        init(_ parts: [DAVXMLWriter.Part]) {
            var chunks: [Chunk] = []
            var pending: [UInt8] = []
            for part in parts {
                switch part {
                case .xml(let xml): pending += xml.utf8
                case .card(let field):
                    if !pending.isEmpty { chunks.append(.bytes(pending)) }
                    pending = []
                    chunks.append(.field(field))
                }
            }
            if !pending.isEmpty { chunks.append(.bytes(pending)) }
            self.chunks = chunks
        }
    }

    /// An empty document with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity + DAVXMLWriter.header.utf8.count + 64)
        bytes += DAVXMLWriter.header.utf8
    }

    /// Adds the response of `entry`.
    mutating func append(_ entry: DAVXMLWriter.Entry) {
        appendHref(DAVXMLWriter.escape(entry.href).utf8)
        let parts = DAVXMLWriter.responseTail(
            found: entry.found.map { ($0.0, .xml($0.1)) }, missing: entry.missing, status: entry.status)
        for case .xml(let xml) in parts { bytes += xml.utf8 }
    }

    /// Adds the response of `card`, whose calendar's href (escaped for XML) is `calendarHref`,
    /// under the card's name or `name` (a segment, escaped) when the request named it otherwise.
    mutating func append(card: CardResource, calendarHref: [UInt8], name: [UInt8]? = nil, template: CardTemplate) {
        bytes += "<D:response><D:href>".utf8
        bytes += calendarHref
        bytes += name ?? card.xml.name
        bytes += "</D:href>".utf8
        for chunk in template.chunks {
            switch chunk {
            case .bytes(let fixed): bytes += fixed
            case .field(.etag): bytes += card.xml.etag
            case .field(.length): bytes += card.xml.length
            case .field(.text): bytes += card.xml.text
            }
        }
    }

    private mutating func appendHref(_ href: String.UTF8View) {
        bytes += "<D:response><D:href>".utf8
        bytes += href
        bytes += "</D:href>".utf8
    }

    /// The document, closed, with `syncToken` (sync-collection) before its end.
    consuming func finish(syncToken: String? = nil) -> [UInt8] {
        if let syncToken { bytes += "<D:sync-token>\(DAVXMLWriter.escape(syncToken))</D:sync-token>".utf8 }
        bytes += "</D:multistatus>\n".utf8
        return bytes
    }
}
