import Hummingbird
import PMServer

/// Signs in the board routes' and the live WebSocket's requests by the session cookie, beside
/// the bearer token (one of ``ServerAdditions/boardAuthenticators``). A write or a WebSocket
/// upgrade signed in by the cookie must come from the server's own pages: without an `Origin`
/// equal to the server's it is refused with 403, so another site cannot act through a signed-in
/// browser. A bearer token needs no such check: no browser sends one by itself.
struct SessionAuthenticator<Repository: SyncRepository>: RouterMiddleware {
    typealias Context = BoardRequestContext

    let sessions: Sessions<Repository>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard context.identity == nil, let session = try await sessions.session(of: request) else {
            return try await next(request, context)
        }
        let origin = RequestOrigin(request: request)
        if origin.isWriteOrUpgrade && !origin.isSameOrigin { throw WebError.foreignOrigin }
        var context = context
        context.identity = session.user
        context.sessionHash = session.hash
        return try await next(request, context)
    }
}
