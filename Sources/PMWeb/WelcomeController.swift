import Foundation
import Hummingbird
import PMServer
import PMSyncProtocol

/// `GET /welcome?code=…` and `POST /welcome`: the first run. With the right, unused code and
/// no user on the server yet, it creates the user (name rules as `pm-server user add`, password
/// rules as `pm-server user password`) and a board they are a member of, signs them in and
/// opens the board. Anything else gets the "link no longer works" page.
struct WelcomeController<Repository: SyncRepository>: Sendable {
    let sessions: Sessions<Repository>
    let firstRun: FirstRun

    func addRoutes(to routes: RouteList<BoardRequestContext>) {
        routes.get("/welcome", use: welcome)
        routes.post("/welcome", use: create)
    }

    @Sendable func welcome(_ request: Request, context: BoardRequestContext) async throws -> Response {
        let code = request.uri.queryParameters.get("code")
        guard try await isOpen(code), let code else { return WelcomePage.closed.response(status: .notFound) }
        return WelcomePage(code: code).page.response()
    }

    @Sendable func create(_ request: Request, context: BoardRequestContext) async throws -> Response {
        let form = try await FormFields.read(request)
        guard try await isOpen(form["code"]), let code = form["code"] else {
            return WelcomePage.closed.response(status: .notFound)
        }
        let name = form["user"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let board = form["board"]?.trimmingCharacters(in: .whitespaces) ?? ""
        var page = WelcomePage(code: code, user: name, board: board)
        if RequestOrigin(request: request).isForeign {
            page.message = "This form was sent from another site's page."
            return page.page.response(status: .forbidden)
        }
        do {
            let user = try UserName(validating: name)
            let boardName = try BoardName(validating: board)
            // Everything is checked before anything is stored: once the user exists, the link
            // closes, so a refusal after that would strand the newcomer.
            try firstRun.checkPassword(form["password"] ?? "")
            await firstRun.markUsed()
            try await sessions.repository.addUser(name: user)
            try await firstRun.setPassword(user, form["password"] ?? "")
            try await sessions.repository.addBoard(boardName, members: [user])
            let id = try await sessions.start(user: user)
            var response = Response(
                status: .seeOther, headers: [.location: BoardsPage.path(of: boardName.text), .cacheControl: "no-store"])
            response.setCookie(sessions.cookie(id, for: request))
            return response
        } catch {
            page.message = "\(error)"
            return page.page.response(status: .badRequest)
        }
    }

    func isOpen(_ code: String?) async throws -> Bool {
        guard await firstRun.accepts(code) else { return false }
        return try await !sessions.repository.hasUsers()
    }
}
