import Hummingbird

/// Runs an authenticator only while nobody is signed in yet, so the first way of signing in
/// that recognises the request decides, and later ones cost nothing.
struct SignedInOnce: RouterMiddleware {
    typealias Context = BoardRequestContext

    let authenticator: any MiddlewareProtocol<Request, Response, Context>

    init(_ authenticator: any MiddlewareProtocol<Request, Response, Context>) {
        self.authenticator = authenticator
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard context.identity == nil else { return try await next(request, context) }
        return try await authenticator.handle(request, context: context, next: next)
    }
}
