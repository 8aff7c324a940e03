import Foundation
import Hummingbird
import PMCalendar
import PMDomain
import PMSyncProtocol

/// The calendar feed, `GET /feeds/BOARD.ics?key=KEY`: the board's open cards' deadlines as an
/// iCalendar document (``DeadlineFeed``), for calendar apps that subscribe by URL. They cannot
/// send a bearer token, so the key in the query is the credential: it opens one board for one
/// user, and only while that user is still a member. A missing, wrong or revoked key and a
/// board the user has left are all one 404, so the URL tells a stranger nothing.
struct FeedController<Repository: SyncRepository> {
    typealias Context = BoardRequestContext

    /// The route's path: the board's name, percent-encoded, then `.ics`.
    static var path: RouterPath { "/feeds/{board}.ics" }

    /// Subscribers are asked to check back each time (`no-cache`), which costs a 304 while the
    /// feed is unchanged; `private`, since the URL holds a credential no shared cache should keep.
    static var cacheControl: String { "private, no-cache" }

    let repository: Repository

    @Sendable func feed(_ request: Request, context: Context) async throws -> Response {
        let board = BoardAccessMiddleware<Repository>.boardName(context.parameters.get("board"))
        guard let text = request.uri.queryParameters["key"], !text.isEmpty else { throw APIError.feedNotFound }
        let key = FeedKey(String(text))
        let stored = try await repository.feedKeys(prefix: key.prefix)
        guard let owner = stored.first(where: { $0.board == board && key.matches($0) })?.user,
            try await repository.isMember(board: board, user: owner)
        else { throw APIError.feedNotFound }
        let snapshot = try await repository.snapshot(board: board)
        let feed = DeadlineFeed.calendar(of: snapshot.projects.map(\.state), name: board.text)
        let body = ByteBuffer(string: ICalendarWriter.write(feed))
        return try await request.ifNoneMatch(
            headers: [.cacheControl: Self.cacheControl], eTag: EntityTag.of(body.readableBytesView), context: context
        ) {
            Response(
                status: .ok, headers: [.contentType: "text/calendar; charset=utf-8"],
                body: ResponseBody(byteBuffer: body))
        }
    }

    /// HEAD: the answer GET would give, refusals included, without a body.
    @Sendable func head(_ request: Request, context: Context) async throws -> Response {
        do {
            return try await feed(request, context: context).createHeadResponse()
        } catch let error as APIError {
            return try error.response(from: request, context: context).createHeadResponse()
        }
    }
}
