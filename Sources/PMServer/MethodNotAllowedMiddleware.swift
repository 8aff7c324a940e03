import Hummingbird

/// Answers 405 Method Not Allowed, with an `Allow` header, to a method the router has no route
/// for on a path it does serve; unknown paths stay 404. `served` is the router's own
/// ``RouteList``: each path pattern (a `:parameter` or `*` stands for one segment) with the
/// methods registered on it.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let served: [(path: RouterPath, methods: [HTTPRequest.Method])]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
            guard
                let methods = served.first(where: { entry in
                    entry.path.components.count == path.count
                        && zip(entry.path.components, path).allSatisfy { $0 ~= $1 }
                })?.methods, !methods.contains(request.method)
            else { throw error }
            throw HTTPError(
                .methodNotAllowed, headers: [.allow: methods.map(\.rawValue).joined(separator: ", ")],
                message:
                    "\(request.method) is not allowed here; use \(methods.map(\.rawValue).joined(separator: " or "))")
        }
    }
}
