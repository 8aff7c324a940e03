import Foundation
import HTTPTypes
import Hummingbird
import PMCalendar
import PMDomain
import PMServer
import PMSyncProtocol

/// The CalDAV routes (RFC 4791, RFC 6578) over a repository: discovery, PROPFIND, the REPORTs,
/// and GET, PUT and DELETE of cards. Each board the user is a member of is one calendar of
/// VTODOs; each card one resource. Writes become operations like any push.
struct CalDAVController<Repository: CalendarTextRepository>: Sendable {
    typealias Context = BoardRequestContext

    let repository: Repository
    let live: LiveHeads
    let environment: PMDomain.Environment
    let stamps: CalDAVStamps
    /// The server's count of sign-in attempts, which Basic's and bearer tokens' add to.
    var signInLimiter: SignInLimiter?
    /// Card texts and ETags built for earlier requests.
    let cache = CardResourceCache()

    static var propfind: HTTPRequest.Method { HTTPRequest.Method("PROPFIND")! }
    static var report: HTTPRequest.Method { HTTPRequest.Method("REPORT")! }

    /// What OPTIONS announces.
    static var davClasses: String { "1, 3, calendar-access" }
    static var allowed: String { "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT" }

    /// Registers the routes on `routes`: the well-known redirect open to all, everything under
    /// `/dav/` (and PROPFIND on `/`, where clients given the bare server URL start) behind
    /// Basic or bearer sign-in.
    func register(on routes: RouteList<Context>) {
        for method in [HTTPRequest.Method.get, .head, .options, Self.propfind] {
            routes.on("/.well-known/caldav", method: method) { _, _ in
                // 301, not 307/308: OkHttp-based clients (DAVx5, tasks.org) follow no other for PROPFIND.
                Response(status: .movedPermanently, headers: [.location: "\(CalDAVPath.base)/"])
            }
        }
        let signIn = SignInCheck(repository: repository)
        func signedIn(_ group: RouterGroup<Context>) -> RouterGroup<Context> {
            group.add(middleware: DAVErrorMiddleware())
                .add(
                    middleware: BearerTokenAuthenticator(
                        repository: repository, context: Context.self, limiter: signInLimiter)
                )
                .add(middleware: BasicAuthenticator(check: signIn, limiter: signInLimiter))
                .add(middleware: DAVSignInRequired())
        }
        // OPTIONS answers without sign-in, as Radicale's does: clients (and caldav-server-tester)
        // probe for calendar-access before they send credentials.
        routes.on("/", method: .options, use: options)
        let top = signedIn(routes.group())
        top.on("/", method: Self.propfind, use: propfind)
        let dav = signedIn(routes.group(RouterPath(CalDAVPath.base)))
        for path in [
            "", "principals/:user", "calendars/:user", "calendars/:user/:board", "calendars/:user/:board/:card",
        ] {
            routes.on(RouterPath("\(CalDAVPath.base)/\(path)"), method: .options, use: options)
            dav.on(RouterPath(path), method: Self.propfind, use: propfind)
        }
        dav.on("calendars/:user/:board", method: Self.report, use: report)
        dav.on("calendars/:user/:board/:card", method: .get, use: get)
        dav.on("calendars/:user/:board/:card", method: .head, use: head)
        dav.on("calendars/:user/:board/:card", method: .put, use: put)
        dav.on("calendars/:user/:board/:card", method: .delete, use: delete)
    }

    @Sendable func options(_ request: Request, context: Context) async throws -> Response {
        Response(status: .ok, headers: [HTTPField.Name("DAV")!: Self.davClasses, .allow: Self.allowed])
    }

    // MARK: Resolving the path

    /// The signed-in user's name.
    func user(_ context: Context) throws(DAVError) -> String {
        guard let user = context.identity?.text else { throw .unauthorized }
        return user
    }

    /// A path parameter, percent-decoded.
    static func parameter(_ name: String, _ context: Context) -> String? {
        context.parameters.get(name).map { $0.removingPercentEncoding ?? $0 }
    }

    /// The resource the request's path names, checked: only the signed-in user's own principal
    /// and home, and boards they are a member of, exist for them (others are 404, as for a
    /// board that does not exist).
    func resource(_ request: Request, context: Context) async throws -> CalDAVPath {
        let user = try user(context)
        guard let segment = Self.parameter("user", context) else { return .root }
        guard segment == user else { throw DAVError.notFound }
        let isPrincipal = request.uri.path.hasPrefix("\(CalDAVPath.base)/principals/")
        guard let board = Self.parameter("board", context) else {
            return isPrincipal ? .principal(user: user) : .home(user: user)
        }
        guard try await repository.isMember(board: BoardName(board), user: UserName(user)) else {
            throw DAVError.notFound
        }
        guard let name = Self.parameter("card", context) else { return .calendar(user: user, board: board) }
        guard !name.isEmpty else { throw DAVError.notFound }
        return .card(user: user, board: board, name: name)
    }

    // MARK: Reading cards

    /// Every card of `board` as a resource, in the board's order, and the head they reflect.
    /// Only the cards of `only`, when given (in no particular order): a multiget reads and
    /// writes only the cards it sends.
    func cards(of board: String, only: Set<UUID>? = nil) async throws -> (resources: [CardResource], head: Int64) {
        let (stored, head) = try await storedCards(of: board, ids: only.map { Array($0) })
        var resources = try cache.resources(board: board, cards: stored, complete: only == nil) { card, text in
            CardResource(card: card, stored: text, timeZone: environment.timeZone)
        }
        if only == nil { resources.sort(by: CardResource.inBoardOrder) }
        return (resources, head)
    }

    /// The card `id` of `board` as a resource, if it is on the board (not deleted).
    func card(_ id: UUID, of board: String) async throws -> CardResource? {
        try await cards(of: board, only: [id]).resources.first
    }

    /// The cards of `board` as stored (only those of `ids`, when given), and its head: in one
    /// read from a ``CalendarCardRepository``, else from the board's snapshot.
    func storedCards(of board: String, ids: [UUID]?) async throws -> (cards: [StoredCalendarCard], head: Int64) {
        if let store = repository as? any CalendarCardRepository {
            return try await store.calendarCards(board: BoardName(board), ids: ids)
        }
        let snapshot = try await repository.snapshot(board: BoardName(board))
        let texts = try await repository.calendarTexts(board: BoardName(board))
        let wanted = ids.map { Set($0) }
        let cards = snapshot.projects.filter { wanted?.contains($0.id) ?? true }.map {
            StoredCalendarCard(id: $0.id, state: MergedProject.json($0.state), text: texts[$0.id])
        }
        return (cards, snapshot.seq)
    }

    /// The board's head: its sync token and ctag.
    func head(of board: String) async throws -> Int64 {
        try await repository.operations(board: BoardName(board), after: .max, limit: 1).head
    }

    @Sendable func get(_ request: Request, context: Context) async throws -> Response {
        guard case .card(_, let board, let name) = try await resource(request, context: context),
            let card = try await card(CalDAVPath.cardID(name), of: board)
        else { throw DAVError.notFound }
        return Response(
            status: .ok, headers: [.contentType: "text/calendar; charset=utf-8", .eTag: card.etag],
            body: ResponseBody(byteBuffer: ByteBuffer(string: card.text)))
    }

    @Sendable func head(_ request: Request, context: Context) async throws -> Response {
        try await get(request, context: context).createHeadResponse()
    }

    /// The request body, at most `limit` bytes (one more tells that it was longer).
    static func body(_ request: Request, limit: Int) async throws -> [UInt8] {
        var body: [UInt8] = []
        for try await chunk in request.body {
            body.append(contentsOf: chunk.readableBytesView.prefix(limit + 1 - body.count))
            if body.count > limit { break }
        }
        return body
    }

    /// A 207 answer.
    static func multistatus(_ xml: [UInt8]) -> Response {
        Response(
            status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"),
            headers: [.contentType: "application/xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: xml)))
    }
}
