public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
import NIOCore
public import ServiceLifecycle

/// The server's routes over `repository`. `openAPIDocument` is served at `/openapi.yaml` when
/// given; pushes announce new heads to `live`. Every route is registered through one
/// ``RouteList``, which also answers 405 for a method a served path does not have; `additions`
/// (the web board, CalDAV) register theirs through it too. Pushed operations stamped more than
/// `clockSkew` ahead of its clock are refused.
public func buildRouter<Repository: SyncRepository>(
    repository: Repository, live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil,
    additions: ServerAdditions = ServerAdditions(), signInLimiter: SignInLimiter? = nil,
    clockSkew: ClockSkew, health: HealthCheck = .healthy, sources: RequestSources = .default
) -> Router<BoardRequestContext> {
    let router = Router(context: BoardRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    // Outside the error middleware, so every answer is counted with the status it went out with.
    router.add(middleware: MetricsMiddleware())
    let storage = repository as? any StorageFailureDescribing
    router.add(middleware: JSONErrorMiddleware(storageUnavailable: { storage?.storageUnavailableReason($0) }))
    router.add(middleware: RequestSourceMiddleware(sources: sources))
    let routes = RouteList(router: router)
    // A supervisor's check (systemd, a container, `pm-server health`): 503 with the reason when
    // the database does not answer, so a server whose database is gone is not reported healthy.
    routes.get("/health") { _, _ in
        guard let problem = await health.problem() else { return JSONResponse.make(["status": "ok"]) }
        var response = JSONResponse.make(["status": "unavailable", "reason": problem], status: .serviceUnavailable)
        response.headers[.retryAfter] = "5"
        return response
    }
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
    let board = routes.boardGroup(
        repository: repository, additionalAuthenticators: additions.boardAuthenticators, signInLimiter: signInLimiter)
    board.addRoutes(BoardsController(repository: repository, live: live, clockSkew: clockSkew).endpoints)
    for addRoutes in additions.boardRoutes { addRoutes(board) }
    if !additions.signedInRoutes.isEmpty {
        let signedIn = routes.signedInGroup(
            repository: repository, additionalAuthenticators: additions.boardAuthenticators,
            signInLimiter: signInLimiter)
        for addRoutes in additions.signedInRoutes { addRoutes(signedIn) }
    }
    for addRoutes in additions.routes { addRoutes(routes) }
    // Added last, it wraps only the router's answer for unknown routes: where a 405 is decided.
    router.add(middleware: MethodNotAllowedMiddleware(served: routes.served))
    return router
}

/// How long an HTTP connection may stay idle between requests, or before a later request's head
/// is whole, before the server closes it. A live WebSocket is past this once upgraded; its
/// pings keep it honest.
public let defaultIdleTimeout: Duration = .seconds(30)

/// How long a client has to send a whole request: a new connection its first request, from
/// connecting; every request its body, from its head. Past it the connection is closed, so a
/// client that trickles a head or a body (or sends nothing) cannot hold connections open.
public let defaultRequestTimeout: Duration = .seconds(30)

/// How often the server pings a live WebSocket. A client that answers no ping within a period
/// of it is closed, also one that has stopped reading while heads keep coming.
public let defaultLivePingPeriod: Duration = .seconds(30)

/// The server application: the routes of ``buildRouter(repository:live:openAPIDocument:)`` and
/// the live WebSocket on `configuration`, with `additions`' routes and ways to sign in. `services` run beside the server and stop after it
/// (a database client, ``LiveHeadsFollower``); `beforeServerStarts` (migrations) runs once they
/// are up and before the first request is accepted. A connection that has not sent a whole
/// request within `requestTimeout` (``defaultRequestTimeout``), or stays idle for `idleTimeout`
/// after an answer, is closed, and one whose first head cannot be parsed is answered 400 and
/// closed; live WebSockets are pinged every `livePingPeriod` and capped by `liveLimits`. With a
/// `certificate`, every connection speaks TLS with the one it serves when the connection is
/// accepted.
public func buildApplication<Repository: SyncRepository>(
    repository: Repository, configuration: ApplicationConfiguration, logger: Logger,
    live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil, additions: ServerAdditions = ServerAdditions(),
    idleTimeout: Duration = defaultIdleTimeout, requestTimeout: Duration = defaultRequestTimeout,
    livePingPeriod: Duration = defaultLivePingPeriod, liveLimits: LiveConnectionLimits = LiveConnectionLimits(),
    signInLimiter: SignInLimiter? = nil, clockSkew: ClockSkew, health: HealthCheck = .healthy,
    sources: RequestSources = .default, certificate: ServerCertificate? = nil, services: [any Service] = [],
    beforeServerStarts: (@Sendable () async throws -> Void)? = nil
) -> some ApplicationProtocol {
    let webSocketRouter = Router(context: BoardRequestContext.self)
    webSocketRouter.add(middleware: RequestSourceMiddleware(sources: sources))
    LiveController(repository: repository, live: live, limits: liveLimits).addRoutes(
        to: webSocketRouter.boardGroup(
            repository: repository, additionalAuthenticators: additions.boardAuthenticators,
            signInLimiter: signInLimiter))
    var application = Application(
        router: buildRouter(
            repository: repository, live: live, openAPIDocument: openAPIDocument, additions: additions,
            signInLimiter: signInLimiter, clockSkew: clockSkew, health: health, sources: sources),
        server: HTTPServerBuilder { [webSocketResponder = webSocketRouter.buildResponder()] responder in
            let secure = certificate != nil
            let plain = FirstRequestGuard(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: HTTPSRequests.marking(responder, secure: secure),
                    webSocketResponder: HTTPSMarkingResponder(base: webSocketResponder, secure: secure),
                    configuration: .init(
                        http1: .init(
                            additionalChannelHandlers: [RequestDeadlineHandler(limit: TimeAmount(requestTimeout))],
                            idleTimeout: TimeAmount(idleTimeout)),
                        ws: .init(autoPing: .enabled(timePeriod: livePingPeriod)))),
                limit: TimeAmount(requestTimeout))
            guard let certificate else { return plain }
            return TLSChildChannel(inner: plain, certificate: certificate)
        },
        configuration: configuration, services: services, logger: logger)
    if let beforeServerStarts { application.beforeServerStarts(perform: beforeServerStarts) }
    return application
}
