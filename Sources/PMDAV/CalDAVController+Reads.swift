import Foundation
import HTTPTypes
import Hummingbird
import PMCalendar
import PMDomain
import PMServer
import PMSyncProtocol

extension CalDAVController {
    /// What a PROPFIND or REPORT asks for: named properties, or `nil` for all.
    static func requestedProperties(_ element: DAVElement?) -> [DAVName]? {
        guard let element, element.child(.dav("allprop")) == nil, element.child(.dav("propname")) == nil,
            let prop = element.child(.dav("prop"))
        else { return nil }
        return prop.children.map(\.name)
    }

    /// PROPFIND with `Depth: 0` or `1` (no header or `infinity` is answered as 1: the tree is
    /// shallow and clients that omit it want the listing).
    @Sendable func propfind(_ request: Request, context: Context) async throws -> Response {
        let path = try await resource(request, context: context)
        let bytes = try await Self.body(request, limit: DAVXMLReader.maxBytes)
        let body =
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            ? nil : try DAVXMLReader.read(bytes)
        if let body, body.name != .dav("propfind") {
            throw DAVError.xmlUnexpected("a PROPFIND body must be a DAV: propfind element")
        }
        let requested = Self.requestedProperties(body)
        let depth = request.headers[HTTPField.Name("Depth")!]?.trimmingCharacters(in: .whitespaces) ?? "1"
        let children = depth != "0"
        let properties = CalDAVProperties(user: try user(context))
        var document = DAVMultistatus(capacity: 4096)
        switch path {
        case .root:
            document.append(properties.entry(.root, requested: requested))
            if children { document.append(properties.entry(.principal(user: properties.user), requested: requested)) }
        case .principal:
            document.append(properties.entry(path, requested: requested))
        case .home(let user):
            document.append(properties.entry(path, requested: requested))
            if children {
                for board in try await repository.boards(member: UserName(user)).map(\.text) {
                    let calendar = CalDAVProperties.Calendar(board: board, head: try await head(of: board))
                    document.append(
                        properties.entry(.calendar(user: user, board: board), requested: requested, calendar: calendar))
                }
            }
        case .calendar(_, let board):
            if children {
                let (cards, head) = try await cards(of: board)
                let calendar = CalDAVProperties.Calendar(board: board, head: head)
                document.append(properties.entry(path, requested: requested, calendar: calendar))
                let template = properties.cardTemplate(requested: requested)
                let calendarHref = Self.xmlHref(path)
                for card in cards { document.append(card: card, calendarHref: calendarHref, template: template) }
            } else {
                let calendar = CalDAVProperties.Calendar(board: board, head: try await head(of: board))
                document.append(properties.entry(path, requested: requested, calendar: calendar))
            }
        case .card(let user, let board, let name):
            guard let card = try await card(CalDAVPath.cardID(name), of: board) else { throw DAVError.notFound }
            // Under the name the request used.
            document.append(
                card: card, calendarHref: Self.xmlHref(.calendar(user: user, board: board)),
                name: Array(DAVXMLWriter.escape(CalDAVPath.encode(name)).utf8),
                template: properties.cardTemplate(requested: requested))
        }
        return Self.multistatus(document.finish())
    }

    /// The href of `path`, escaped for XML, as bytes.
    static func xmlHref(_ path: CalDAVPath) -> [UInt8] { Array(DAVXMLWriter.escape(path.href).utf8) }

    /// REPORT on a calendar: `calendar-query`, `calendar-multiget` or `sync-collection`.
    @Sendable func report(_ request: Request, context: Context) async throws -> Response {
        guard case .calendar(let user, let board) = try await resource(request, context: context) else {
            throw DAVError.notFound
        }
        let body = try DAVXMLReader.read(try await Self.body(request, limit: DAVXMLReader.maxBytes))
        let requested = Self.requestedProperties(body)
        let properties = CalDAVProperties(user: user)
        switch body.name {
        case .calDAV("calendar-query"):
            let filter = try CalendarQueryFilter(body.child(.calDAV("filter")))
            let (cards, _) = try await cards(of: board)
            let template = properties.cardTemplate(requested: requested)
            let calendarHref = Self.xmlHref(.calendar(user: user, board: board))
            var document = DAVMultistatus(capacity: cards.count * 700)
            for card in cards where filter.matches(card.calendar) {
                document.append(card: card, calendarHref: calendarHref, template: template)
            }
            return Self.multistatus(document.finish())
        case .calDAV("calendar-multiget"):
            // Each href with the card it names on this calendar, if any.
            let hrefs = body.children(.dav("href")).map { element -> (href: String, card: UUID?) in
                let href = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard case .card(user, board, let name)? = CalDAVPath(href: href) else { return (href, nil) }
                return (href, CalDAVPath.cardID(name))
            }
            let wanted = Set(hrefs.compactMap { $0.card })
            let (cards, _) = try await cards(of: board, only: wanted)
            let byID = Dictionary(cards.map { ($0.card.id, $0) }, uniquingKeysWith: { first, _ in first })
            let template = properties.cardTemplate(requested: requested)
            let calendarHref = Self.xmlHref(.calendar(user: user, board: board))
            var document = DAVMultistatus(capacity: cards.count * 700)
            for (href, id) in hrefs {
                if let id, let card = byID[id] {
                    document.append(card: card, calendarHref: calendarHref, template: template)
                } else {
                    document.append(DAVXMLWriter.Entry(href: href, status: 404))
                }
            }
            return Self.multistatus(document.finish())
        case .dav("sync-collection"):
            return try await syncCollection(body, user: user, board: board, requested: requested)
        default:
            throw DAVError.xmlUnexpected("REPORT must be calendar-query, calendar-multiget or sync-collection")
        }
    }

    /// RFC 6578: the cards changed since the token's head (all cards for no token), gone ones as
    /// 404 entries, and the new token. A token ahead of the board, or not ours, is refused with
    /// `valid-sync-token`, after which clients start over.
    func syncCollection(_ body: DAVElement, user: String, board: String, requested: [DAVName]?) async throws -> Response
    {
        let tokenText = body.child(.dav("sync-token"))?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let (cards, head) = try await cards(of: board)
        let properties = CalDAVProperties(user: user)
        var since: Int64 = 0
        if !tokenText.isEmpty {
            guard tokenText.hasPrefix(CalDAVProperties.syncTokenPrefix),
                let seq = Int64(tokenText.dropFirst(CalDAVProperties.syncTokenPrefix.count)), seq >= 0, seq <= head
            else { throw DAVError.validSyncToken }
            since = seq
        }
        let byID = Dictionary(cards.map { ($0.card.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed: [UUID] = []
        if since == 0 {
            changed = cards.map(\.card.id)
        } else {
            var seen: Set<UUID> = []
            var after = since
            while after < head {
                let page = try await repository.operations(board: BoardName(board), after: after, limit: 1000)
                for entry in page.operations where entry.seq <= head && seen.insert(entry.operation.projectID).inserted
                {
                    changed.append(entry.operation.projectID)
                }
                guard page.next > after else { break }
                after = page.next
            }
        }
        let template = properties.cardTemplate(requested: requested)
        let calendarHref = Self.xmlHref(.calendar(user: user, board: board))
        var document = DAVMultistatus(capacity: changed.count * 300)
        for id in changed {
            if let card = byID[id] {
                document.append(card: card, calendarHref: calendarHref, template: template)
            } else {
                // Gone: named as its client knew it (the stored text outlives the card for that).
                let stored = try await repository.calendarText(board: BoardName(board), card: id)
                let name = CardResource.name(of: id, stored: stored.flatMap { try? ICalendarReader.read($0) })
                document.append(
                    DAVXMLWriter.Entry(href: CalDAVPath.card(user: user, board: board, name: name).href, status: 404))
            }
        }
        return Self.multistatus(document.finish(syncToken: CalDAVProperties.syncToken(head)))
    }
}
