public import Hummingbird

extension RouterMethods where Context == BoardRequestContext {
    /// The group of routes under `/v1/` that any signed-in user may use, whatever their boards:
    /// the same ways of signing in as ``boardGroup(repository:authenticators:additionalAuthenticators:signInLimiter:)``
    /// (the bearer token first, then `additionalAuthenticators`), and 401 for nobody.
    public func signedInGroup<Repository: SyncRepository>(
        repository: Repository, additionalAuthenticators: [any MiddlewareProtocol<Request, Response, Context>] = [],
        signInLimiter: SignInLimiter? = nil
    ) -> RouterGroup<Context> {
        let group = self.group("/v1")
        let bearer: [any MiddlewareProtocol<Request, Response, Context>] = [
            BearerTokenAuthenticator(repository: repository, context: Context.self, limiter: signInLimiter)
        ]
        for authenticator in bearer + additionalAuthenticators {
            group.add(middleware: SignedInOnce(authenticator))
        }
        return group.add(middleware: SignedInOnly())
    }
}

/// Lets through only a request that an authenticator before it signed in.
struct SignedInOnly: RouterMiddleware {
    typealias Context = BoardRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard context.identity != nil else { throw APIError.unauthorized }
        return try await next(request, context)
    }
}
