public import Hummingbird
import HummingbirdAuth

extension RouterMethods where Context == BoardRequestContext {
    /// The group of one board's routes, `/v1/boards/:board/…`, behind sign-in and the access
    /// check: each of `authenticators` may recognise the request's user (the first to do so
    /// wins), then ``BoardAccessMiddleware`` admits members only. The HTTP routes and the live
    /// WebSocket are both mounted on such a group, so they answer strangers the same way.
    /// Further ways to sign in (a browser session, HTTP Basic for calendar apps) are further
    /// authenticators beside the bearer token (`additionalAuthenticators`); `authenticators`
    /// replaces the bearer token itself. With `signInLimiter`, every token brought counts as a
    /// sign-in attempt (``SignInAttempts`` has the rule), and a token an address got wrong too
    /// often is refused from there for a while (429).
    public func boardGroup<Repository: SyncRepository>(
        repository: Repository, authenticators: [any MiddlewareProtocol<Request, Response, Context>]? = nil,
        additionalAuthenticators: [any MiddlewareProtocol<Request, Response, Context>] = [],
        signInLimiter: SignInLimiter? = nil
    ) -> RouterGroup<Context> {
        let group = self.group("/v1/boards/:board")
        let bearer: [any MiddlewareProtocol<Request, Response, Context>] = [
            BearerTokenAuthenticator(repository: repository, context: Context.self, limiter: signInLimiter)
        ]
        for authenticator in (authenticators ?? bearer) + additionalAuthenticators {
            group.add(middleware: SignedInOnce(authenticator))
        }
        return group.add(middleware: BoardAccessMiddleware(repository: repository))
    }
}
