import Foundation
import PMCalendar
import PMDomain
import PMServer
import PMSyncProtocol

/// A card as CalDAV serves it: its iCalendar text — the board's fields merged into the text a
/// client last sent, or written fresh — and a strong entity tag of exactly those bytes, so the
/// tag changes whenever the text does, whoever changed the card.
struct CardResource: Sendable {
    /// The merged card.
    let card: BoardSnapshot.Card
    /// The resource's name in its calendar: `CARD-UUID.ics`, or the name its client chose.
    let name: String
    /// The VCALENDAR served, as components (for calendar-query filters).
    let calendar: ICalendarComponent
    /// The VCALENDAR text served.
    let text: String
    /// `"…"`: the first 16 bytes of the text's SHA-256, in hex.
    let etag: String
    /// What a multistatus writes for the card, made once with the text rather than for every
    /// answer: the ETag and the text as XML text, the text's length, the name as an href segment.
    let xml: XML

    /// The card's properties as a multistatus writes them.
    struct XML: Sendable {
        var etag: [UInt8]
        var length: [UInt8]
        var text: [UInt8]
        var name: [UInt8]
    }

    /// The resource of `card`, merged into `stored` (a client's text) when there is one. A stored
    /// text that no longer reads (it was read once, so only a change of rules could do that) is
    /// passed over for a fresh one.
    init(card: BoardSnapshot.Card, stored: String?, timeZone: TimeZone) {
        self.card = card
        let state = card.state
        let project = Project(
            id: card.id, title: card.title, description: card.description, deadline: card.deadline,
            status: card.status, createdAt: Date(timeIntervalSince1970: Double(card.createdAt) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(card.updatedAt) / 1000))
        let completedAt = CardCalendar.completionTime(of: state)
        let client = stored.flatMap { try? ICalendarReader.read($0) }
        name = Self.name(of: card.id, stored: client)
        if var client {
            client.remove(Self.resourceProperty)
            var merged = CardCalendar.merge(project, completedAt: completedAt, into: client, timeZone: timeZone)
            // A UID of the client's own (the card's id then comes from the resource's name) comes
            // back as sent: clients know their tasks by it.
            if let uid = (try? CalendarTask.todo(in: client))?.property("UID"),
                UUID(uuidString: uid.rawValue) != card.id,
                let index = merged.components.firstIndex(where: { $0.name == "VTODO" })
            {
                merged.components[index].set(uid)
            }
            self.calendar = merged
        } else {
            self.calendar = CardCalendar.calendar(for: project, completedAt: completedAt)
        }
        text = ICalendarWriter.write(self.calendar)
        etag = EntityTag.of(text.utf8)
        xml = XML(
            etag: Array(DAVXMLWriter.escape(etag).utf8), length: Array("\(text.utf8.count)".utf8),
            text: Array(DAVXMLWriter.escape(text).utf8), name: Array(DAVXMLWriter.escape(CalDAVPath.encode(name)).utf8))
    }

    /// The board's order (``BoardSnapshot``'s): by deadline, then creation, then id.
    static func inBoardOrder(_ lhs: CardResource, _ rhs: CardResource) -> Bool {
        BoardSnapshot.Card.listOrder(lhs.card, rhs.card)
    }

    /// The fields the board holds, as the version a client started from.
    var task: CalendarTask {
        CalendarTask(
            uid: card.id.lowercased, title: card.title, description: card.description,
            deadline: card.deadline, status: card.status)
    }

    /// Every clock reading on the card: a CalDAV write is stamped after them all.
    var clocks: [HybridTimestamp] {
        [card.clocks.title, card.clocks.description, card.clocks.deadline, card.clocks.status].compactMap { $0 }
    }

    /// Where the stored text keeps a resource name the client chose (never served).
    static let resourceProperty = "X-PM-RESOURCE"

    /// The name of card `id`: the one kept in its `stored` text, else `CARD-UUID.ics`. A kept name
    /// that stands for another card (one a client sent before the server refused to keep them) is
    /// passed over: a card is only ever served at an address that reaches it.
    static func name(of id: UUID, stored: ICalendarComponent?) -> String {
        guard let kept = stored?.property(resourceProperty)?.text, CalDAVPath.cardID(kept) == id else {
            return CalDAVPath.name(of: id)
        }
        return kept
    }
}
