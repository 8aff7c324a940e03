public import Hummingbird

/// Registers routes on a router and remembers each path with its methods, so that the answers
/// of ``MethodNotAllowedMiddleware`` come from the very list the routes were registered from
/// and cannot drift from it. Groups and route collections added through it are remembered too.
public final class RouteList<Context: RequestContext>: RouterMethods {
    /// The router the routes go to.
    public let router: Router<Context>
    /// Each path served, with its methods, in the order first registered.
    public private(set) var served: [(path: RouterPath, methods: [HTTPRequest.Method])] = []

    /// A list that registers on `router`.
    public init(router: Router<Context>) {
        self.router = router
    }

    @discardableResult public func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        router.on(path, method: method, responder: responder)
        if let index = served.firstIndex(where: { $0.path == path }) {
            served[index].methods.append(method)
        } else {
            served.append((path, [method]))
        }
        return self
    }

    @discardableResult public func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }
}
