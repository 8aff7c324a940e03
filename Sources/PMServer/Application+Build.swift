public import Hummingbird
import HummingbirdWebSocket
public import Logging
public import ServiceLifecycle

/// The server's routes over `repository`. `openAPIDocument` is served at `/openapi.yaml` when
/// given; pushes announce new heads to `live`. Every route is registered through one
/// ``RouteList``, which also answers 405 for a method a served path does not have; `additions`
/// (the web board, CalDAV) register theirs through it too.
public func buildRouter<Repository: SyncRepository>(
    repository: Repository, live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil,
    additions: ServerAdditions = ServerAdditions()
) -> Router<BoardRequestContext> {
    let router = Router(context: BoardRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.debug))
    let storage = repository as? any StorageFailureDescribing
    router.add(middleware: JSONErrorMiddleware(storageUnavailable: { storage?.storageUnavailableReason($0) }))
    let routes = RouteList(router: router)
    routes.get("/health") { _, _ in JSONResponse.make(["status": "ok"]) }
    if let openAPIDocument {
        routes.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: openAPIDocument)))
        }
    }
    let feed = FeedController(repository: repository)
    routes.get(FeedController<Repository>.path, use: feed.feed)
    routes.head(FeedController<Repository>.path, use: feed.head)
    routes.boardGroup(repository: repository, additionalAuthenticators: additions.boardAuthenticators).addRoutes(
        BoardsController(repository: repository, live: live).endpoints)
    for addRoutes in additions.routes { addRoutes(routes) }
    // Added last, it wraps only the router's answer for unknown routes: where a 405 is decided.
    router.add(middleware: MethodNotAllowedMiddleware(served: routes.served))
    return router
}

/// The server application: the routes of ``buildRouter(repository:live:openAPIDocument:)`` and
/// the live WebSocket on `configuration`, with `additions`' routes and ways to sign in. `services` run beside the server and stop after it
/// (a database client, ``LiveHeadsFollower``); `beforeServerStarts` (migrations) runs once they
/// are up and before the first request is accepted.
public func buildApplication<Repository: SyncRepository>(
    repository: Repository, configuration: ApplicationConfiguration, logger: Logger,
    live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil, additions: ServerAdditions = ServerAdditions(),
    services: [any Service] = [], beforeServerStarts: (@Sendable () async throws -> Void)? = nil
) -> some ApplicationProtocol {
    let webSocketRouter = Router(context: BoardRequestContext.self)
    LiveController(repository: repository, live: live).addRoutes(
        to: webSocketRouter.boardGroup(
            repository: repository, additionalAuthenticators: additions.boardAuthenticators))
    var application = Application(
        router: buildRouter(
            repository: repository, live: live, openAPIDocument: openAPIDocument, additions: additions),
        server: .http1WebSocketUpgrade(
            webSocketRouter: webSocketRouter,
            configuration: .init(ws: .init(autoPing: .enabled(timePeriod: .seconds(30))))),
        configuration: configuration, services: services, logger: logger)
    if let beforeServerStarts { application.beforeServerStarts(perform: beforeServerStarts) }
    return application
}
