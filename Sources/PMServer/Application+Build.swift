public import Hummingbird
import HummingbirdWebSocket
public import Logging

/// The server's routes over `repository`. `openAPIDocument` is served at `/openapi.yaml` when
/// given; pushes announce new heads to `live`.
public func buildRouter<Repository: SyncRepository>(
    repository: Repository, live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil
) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: JSONErrorMiddleware())
    var allowed: [(String, [HTTPRequest.Method])] = [
        ("/health", [.get]), ("/v1/boards/*/operations", [.get, .post]), ("/v1/boards/*/projects", [.get]),
        ("/v1/boards/*/live", [.get]),
    ]
    if openAPIDocument != nil { allowed.append(("/openapi.yaml", [.get])) }
    router.add(middleware: MethodNotAllowedMiddleware(allowed))
    router.get("/health") { _, _ in JSONResponse.make(["status": "ok"]) }
    if let openAPIDocument {
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: openAPIDocument)))
        }
    }
    router.addRoutes(BoardsController(repository: repository, live: live).endpoints, atPath: "/v1/boards")
    return router
}

/// The server application: the routes of ``buildRouter(repository:live:openAPIDocument:)`` and
/// the live WebSocket on `configuration`.
public func buildApplication<Repository: SyncRepository>(
    repository: Repository, configuration: ApplicationConfiguration, logger: Logger,
    live: LiveHeads = LiveHeads(), openAPIDocument: String? = nil
) -> some ApplicationProtocol {
    let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
    LiveController(repository: repository, live: live).addRoutes(to: webSocketRouter)
    return Application(
        router: buildRouter(repository: repository, live: live, openAPIDocument: openAPIDocument),
        server: .http1WebSocketUpgrade(
            webSocketRouter: webSocketRouter,
            configuration: .init(ws: .init(autoPing: .enabled(timePeriod: .seconds(30))))),
        configuration: configuration, logger: logger)
}

extension LiveHeads {
    /// Publishes the heads other processes announce through `repository`, reconnecting after a
    /// failure with a growing pause, until cancelled or until the store says there is nothing
    /// to follow.
    public func follow(_ repository: some SyncRepository, logger: Logger) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                try await repository.followHeads { board, head in self.publish(board: board, head: head) }
                return
            } catch {
                if Task.isCancelled { return }
                logger.warning("following board heads failed; retrying", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(5))
            }
        }
    }
}
