import Foundation
import Hummingbird
import PMServer
import PMSyncProtocol

/// `GET /` (the sign-in page, or the boards of the signed-in user), `POST /signin` and
/// `POST /signout`. Each sign-in is an attempt counted by the server's one ``SignInLimiter``
/// (the rule is ``SignInAttempts``'); a form posted from another site's page (a foreign
/// `Origin`) is refused.
struct SignInController<Repository: SyncRepository>: Sendable {
    let sessions: Sessions<Repository>
    let signIn: SignInCheck<Repository>
    let limiter: SignInLimiter

    func addRoutes(to routes: RouteList<BoardRequestContext>) {
        routes.get("/", use: home)
        routes.post("/signin", use: signInPosted)
        routes.post("/signout", use: signOut)
    }

    @Sendable func home(_ request: Request, context: BoardRequestContext) async throws -> Response {
        guard let user = try await sessions.user(of: request) else {
            return SignInPage(next: SafeRedirect.path(request.uri.queryParameters.get("next"))).page.response()
        }
        let boards = try await sessions.repository.boards(member: user)
        return BoardsPage(user: user.text, boards: boards.map(\.text)).page.response()
    }

    @Sendable func signInPosted(_ request: Request, context: BoardRequestContext) async throws -> Response {
        // Missing fields are empty, which signs nobody in.
        let form = try await FormFields.read(request)
        let name = form["user"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let next = SafeRedirect.path(form["next"])
        var page = SignInPage(next: next, user: name)
        if RequestOrigin(request: request).isForeign {
            page.message = "This form was sent from another site's page; sign in from this server's page."
            return page.page.response(status: .forbidden)
        }
        let key = SignInKey.user(name, address: context.remoteAddress)
        let outcome = try await limiter.attempt(key) {
            try await signIn.user(named: UserName(name), secret: form["secret"] ?? "")
        }
        let user: UserName
        switch outcome {
        case .signedIn(let signedIn):
            user = signedIn
        case .wrong:
            page.message = "Wrong user name, password or token."
            return page.page.response(status: .unauthorized)
        case .refused(let wait):
            page.message =
                "Too many failed sign-ins for this user from this address. Try again in \(wait) seconds."
            var response = page.page.response(status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let id = try await sessions.start(user: user)
        var response = Response(status: .seeOther, headers: [.location: next, .cacheControl: "no-store"])
        response.setCookie(sessions.cookie(id, for: request))
        return response
    }

    @Sendable func signOut(_ request: Request, context: BoardRequestContext) async throws -> Response {
        let origin = RequestOrigin(request: request)
        if try await sessions.user(of: request) != nil {
            // Signing out is a write by the cookie: only this server's own pages may ask for it.
            guard origin.isSameOrigin else {
                return NotFoundPage(message: "Sign out from this server's own page.").page.response(status: .forbidden)
            }
            try await sessions.end(request)
        }
        var response = Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"])
        response.setCookie(SessionCookie.clearing(secure: origin.isSecure))
        return response
    }
}
