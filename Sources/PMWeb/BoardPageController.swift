import Foundation
import Hummingbird
import PMServer
import PMSyncProtocol

/// `GET /boards/:board`: the board page (`Resources/board.html`) for a member of the board; the
/// not-found page for anyone else, exactly as for a board that does not exist; a signed-out
/// browser is sent to sign in first and then brought back.
struct BoardPageController<Repository: SyncRepository>: Sendable {
    let sessions: Sessions<Repository>
    let resources: WebResources

    func addRoutes(to routes: RouteList<BoardRequestContext>) {
        routes.get("/boards/:board", use: board)
    }

    @Sendable func board(_ request: Request, context: BoardRequestContext) async throws -> Response {
        guard let user = try await sessions.user(of: request) else {
            return Response(
                status: .seeOther,
                headers: [.location: SafeRedirect.signIn(then: request.uri.path), .cacheControl: "no-store"])
        }
        let board = BoardName((context.parameters.get("board") ?? "").removingPercentEncoding ?? "")
        guard try await sessions.repository.isMember(board: board, user: user) else {
            return NotFoundPage().page.response(status: .notFound)
        }
        guard let file = resources.file(at: ["board.html"]) else {
            return NotFoundPage(message: "This server was installed without the web board's files.").page.response(
                status: .internalServerError)
        }
        return HTMLPage(html: String(decoding: file.bytes, as: UTF8.self)).response()
    }
}
