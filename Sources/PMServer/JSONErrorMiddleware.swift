import Hummingbird
import Logging
import PMSyncProtocol

/// Answers every error as JSON: the framework's own errors (unknown route, body too large)
/// keep their status; anything unexpected is logged and answered 500 without details.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONResponse.make(ErrorBody(code: error.code, message: error.message), status: error.status)
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
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return JSONResponse.make(
                ErrorBody(code: "internal", message: "the server failed; try again"), status: .internalServerError)
        }
    }
}
