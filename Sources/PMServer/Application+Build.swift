public import Hummingbird
public import Logging

/// The server's routes over `repository`. `openAPIDocument` is served at `/openapi.yaml` when given.
public func buildRouter<Repository: SyncRepository>(
    repository: Repository, openAPIDocument: String? = nil
) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: LogRequestsMiddleware(.debug))
    router.add(middleware: JSONErrorMiddleware())
    var allowed: [(String, [HTTPRequest.Method])] = [
        ("/health", [.get]), ("/v1/boards/*/operations", [.get, .post]), ("/v1/boards/*/projects", [.get]),
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
    router.addRoutes(BoardsController(repository: repository).endpoints, atPath: "/v1/boards")
    return router
}

/// The server application: the routes of ``buildRouter(repository:openAPIDocument:)`` on `configuration`.
public func buildApplication<Repository: SyncRepository>(
    repository: Repository, configuration: ApplicationConfiguration, logger: Logger,
    openAPIDocument: String? = nil
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(repository: repository, openAPIDocument: openAPIDocument),
        configuration: configuration, logger: logger)
}
