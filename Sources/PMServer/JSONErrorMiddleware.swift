import Hummingbird
import Logging
import PMSyncProtocol

/// Answers every error as JSON: the framework's own errors (unknown route, a body over what a
/// route collects, any other `HTTPResponseError` of a library) keep their status; a store that cannot take writes (`storageUnavailable`, from the
/// repository's ``StorageFailureDescribing``) is answered 503 with `Retry-After`; anything
/// unexpected is logged and answered 500 without details.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// How long a device should wait before sending again to a store that cannot take writes.
    static var retryAfterSeconds: Int { 30 }

    var storageUnavailable: @Sendable (any Error) -> String? = { _ in nil }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            ServerMetrics.refused(route: context.endpointPath ?? "unknown", code: error.code)
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let message = error.body ?? error.status.reasonPhrase
            let code =
                switch error.status {
                case .notFound: "notFound"
                case .contentTooLarge: "bodyTooLarge"
                case .methodNotAllowed: "methodNotAllowed"
                default: "httpError"
                }
            var response = JSONResponse.make(ErrorBody(code: code, message: message), status: error.status)
            for field in error.headers where field.name != .contentType { response.headers.append(field) }
            return response
        } catch let error as any HTTPResponseError where error.status.kind == .clientError {
            // Such as NIO's NIOTooManyBytesError from `collect(upTo:)`: the client's fault, not a
            // failure of the server to log.
            let body =
                error.status == .contentTooLarge
                ? ErrorBody(code: "bodyTooLarge", message: "the body is larger than this route accepts")
                : ErrorBody(code: "httpError", message: error.status.reasonPhrase)
            return JSONResponse.make(body, status: error.status)
        } catch  where storageUnavailable(error) != nil {
            let reason = storageUnavailable(error) ?? ""
            ServerMetrics.refused(route: context.endpointPath ?? "unknown", code: "storageUnavailable")
            context.logger.error("storage unavailable", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            // Not "nothing was stored": a connection to PostgreSQL lost during the commit leaves that
            // unknown. Sending again is safe either way, since a push is counted once per operation.
            var response = JSONResponse.make(
                ErrorBody(
                    code: "storageUnavailable",
                    message: "\(reason); send again later (an operation sent twice is stored once)"),
                status: .serviceUnavailable)
            response.headers[.retryAfter] = "\(Self.retryAfterSeconds)"
            return response
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return JSONResponse.make(
                ErrorBody(code: "internal", message: "the server failed; try again"), status: .internalServerError)
        }
    }
}
