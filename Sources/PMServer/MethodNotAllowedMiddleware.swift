import Hummingbird

/// Answers 405 Method Not Allowed, with an `Allow` header, to a method the router has no route
/// for on a path it does serve; unknown paths stay 404. `allowed` maps a path pattern, with `*`
/// standing for one path segment, to the methods served there.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowed: [(pattern: [Substring], methods: [HTTPRequest.Method])]

    init(_ allowed: [(String, [HTTPRequest.Method])]) {
        self.allowed = allowed.map { (Self.segments($0.0), $0.1) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = Self.segments(request.uri.path)
            guard
                let methods = allowed.first(where: { entry in
                    entry.pattern.count == path.count
                        && zip(entry.pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
                })?.methods, !methods.contains(request.method)
            else { throw error }
            throw HTTPError(
                .methodNotAllowed, headers: [.allow: methods.map(\.rawValue).joined(separator: ", ")],
                message:
                    "\(request.method) is not allowed here; use \(methods.map(\.rawValue).joined(separator: " or "))")
        }
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
