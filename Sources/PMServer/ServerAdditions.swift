public import Hummingbird

/// What a module beside PMServer adds to the server — the web board, CalDAV, Web Push — without
/// PMServer knowing it: more ways to sign in to the board routes and the live WebSocket, beside
/// the bearer token, and routes of its own. The executable composes them; the routes are
/// registered through the server's one ``RouteList``, so its 405s cover them too.
public struct ServerAdditions: Sendable {
    /// Authenticators tried after the bearer token on `/v1/boards/:board/…` (a browser's session).
    public var boardAuthenticators: [any MiddlewareProtocol<Request, Response, BoardRequestContext>]
    /// Registers a module's own routes, each with the middleware it needs.
    public var routes: [@Sendable (RouteList<BoardRequestContext>) -> Void]
    /// Registers routes under `/v1/` for any signed-in user (401 for nobody), signed in the way
    /// the board routes are.
    public var signedInRoutes: [@Sendable (RouterGroup<BoardRequestContext>) -> Void]
    /// Registers routes under `/v1/boards/:board/` beside the sync routes, behind the same
    /// sign-in and member check.
    public var boardRoutes: [@Sendable (RouterGroup<BoardRequestContext>) -> Void]

    /// Additions made of `boardAuthenticators` and routes; none by default.
    public init(
        boardAuthenticators: [any MiddlewareProtocol<Request, Response, BoardRequestContext>] = [],
        routes: [@Sendable (RouteList<BoardRequestContext>) -> Void] = [],
        signedInRoutes: [@Sendable (RouterGroup<BoardRequestContext>) -> Void] = [],
        boardRoutes: [@Sendable (RouterGroup<BoardRequestContext>) -> Void] = []
    ) {
        self.boardAuthenticators = boardAuthenticators
        self.routes = routes
        self.signedInRoutes = signedInRoutes
        self.boardRoutes = boardRoutes
    }

    /// Both sets of additions, `self`'s first.
    public func merging(_ other: ServerAdditions) -> ServerAdditions {
        ServerAdditions(
            boardAuthenticators: boardAuthenticators + other.boardAuthenticators, routes: routes + other.routes,
            signedInRoutes: signedInRoutes + other.signedInRoutes, boardRoutes: boardRoutes + other.boardRoutes)
    }
}
