import Foundation
public import HTTPTypes
import Hummingbird

/// Applies ``RequestSources`` before any route: a `Host` outside the allowed names is answered
/// 421, forwarding headers from a peer that is not a trusted proxy are dropped, and a trusted
/// proxy's `X-Forwarded-For` becomes the client address that sign-in limits and live connection
/// caps count by.
struct RequestSourceMiddleware: RouterMiddleware {
    typealias Context = BoardRequestContext

    let sources: RequestSources

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard sources.admits(authority: request.head.authority) else {
            throw APIError(
                status: .misdirectedRequest, code: "hostNotServed",
                message:
                    "this server does not answer to the host \"\(request.head.authority ?? "")\" (its --public-url and --allowed-hosts name the ones it does)"
            )
        }
        var context = context
        let peer = context.remoteAddress
        guard sources.trusts(peer: peer) else {
            var head = request.head
            head.headerFields[.xForwardedProto] = nil
            head.headerFields[.xForwardedFor] = nil
            return try await next(Request(head: head, body: request.body), context)
        }
        context.remoteAddress = sources.clientAddress(peer: peer, forwardedFor: request.headers[.xForwardedFor])
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    /// The scheme a reverse proxy was reached with; believed only from ``RequestSources/trustedProxies``.
    public static let xForwardedProto = Self("X-Forwarded-Proto")!
    /// The addresses a request passed through; believed only from ``RequestSources/trustedProxies``.
    public static let xForwardedFor = Self("X-Forwarded-For")!
}
