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
        var entries: [DAVXMLWriter.Entry] = []
        switch path {
        case .root:
            entries.append(properties.entry(.root, requested: requested))
            if children { entries.append(properties.entry(.principal(user: properties.user), requested: requested)) }
        case .principal:
            entries.append(properties.entry(path, requested: requested))
        case .home(let user):
            entries.append(properties.entry(path, requested: requested))
            if children {
                for board in try await repository.boards(member: UserName(user)).map(\.text) {
                    let calendar = CalDAVProperties.Calendar(board: board, head: try await head(of: board))
                    entries.append(
                        properties.entry(.calendar(user: user, board: board), requested: requested, calendar: calendar))
                }
            }
        case .calendar(let user, let board):
            if children {
                let (cards, head) = try await cards(of: board)
                let calendar = CalDAVProperties.Calendar(board: board, head: head)
                entries.append(properties.entry(path, requested: requested, calendar: calendar))
                for card in cards {
                    entries.append(
                        properties.entry(
                            .card(user: user, board: board, name: card.name), requested: requested, card: card))
                }
            } else {
                let calendar = CalDAVProperties.Calendar(board: board, head: try await head(of: board))
                entries.append(properties.entry(path, requested: requested, calendar: calendar))
            }
        case .card(_, let board, let name):
            guard let card = try await card(CalDAVPath.cardID(name), of: board) else { throw DAVError.notFound }
            entries.append(properties.entry(path, requested: requested, card: card))
        }
        return Self.multistatus(DAVXMLWriter.multistatus(entries))
    }

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
            var entries: [DAVXMLWriter.Entry] = []
            for card in cards where filter.matches(card.calendar) {
                entries.append(
                    properties.entry(
                        .card(user: user, board: board, name: card.name), requested: requested, card: card))
            }
            return Self.multistatus(DAVXMLWriter.multistatus(entries))
        case .calDAV("calendar-multiget"):
            let hrefs = body.children(.dav("href")).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            let wanted = Set(
                hrefs.compactMap { href -> UUID? in
                    guard case .card(_, _, let name)? = CalDAVPath(href: href) else { return nil }
                    return CalDAVPath.cardID(name)
                })
            let (cards, _) = try await cards(of: board, only: wanted)
            let byID = Dictionary(cards.map { ($0.card.id, $0) }, uniquingKeysWith: { first, _ in first })
            let entries = hrefs.map { href -> DAVXMLWriter.Entry in
                guard case .card(user, board, let name)? = CalDAVPath(href: href),
                    let card = byID[CalDAVPath.cardID(name)]
                else { return DAVXMLWriter.Entry(href: href, status: 404) }
                return properties.entry(
                    .card(user: user, board: board, name: card.name), requested: requested, card: card)
            }
            return Self.multistatus(DAVXMLWriter.multistatus(entries))
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
        var entries: [DAVXMLWriter.Entry] = []
        for id in changed {
            if let card = byID[id] {
                entries.append(
                    properties.entry(.card(user: user, board: board, name: card.name), requested: requested, card: card)
                )
            } else {
                // Gone: named as its client knew it (the stored text outlives the card for that).
                let stored = try await repository.calendarText(board: BoardName(board), card: id)
                let name = CardResource.name(of: id, stored: stored.flatMap { try? ICalendarReader.read($0) })
                entries.append(
                    DAVXMLWriter.Entry(href: CalDAVPath.card(user: user, board: board, name: name).href, status: 404))
            }
        }
        return Self.multistatus(DAVXMLWriter.multistatus(entries, syncToken: CalDAVProperties.syncToken(head)))
    }
}
