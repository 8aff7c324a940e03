import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// Marks every request that came over the server's own TLS as `https`. Hummingbird decodes
/// HTTP/1 as plain `http` whatever is below it, and the web board reads the scheme to make its
/// session cookie `Secure` and to check a write's or a WebSocket's `Origin`.
enum HTTPSRequests {
    /// `responder`, given each request marked `https` when `secure`.
    static func marking(
        _ responder: @escaping HTTPChannelHandler.Responder, secure: Bool
    ) -> HTTPChannelHandler.Responder {
        guard secure else { return responder }
        return { request, writer, channel in try await responder(https(request), writer, channel) }
    }

    /// `request` as having come over https.
    static func https(_ request: Request) -> Request {
        var head = request.head
        head.scheme = "https"
        return Request(head: head, body: request.body)
    }
}

/// A responder that passes each request on marked `https` when `secure`: the WebSocket
/// upgrade's, which Hummingbird routes apart from the rest.
struct HTTPSMarkingResponder<Base: HTTPResponder>: HTTPResponder {
    typealias Context = Base.Context

    let base: Base
    let secure: Bool

    func respond(to request: Request, context: Context) async throws -> Response {
        try await base.respond(to: secure ? HTTPSRequests.https(request) : request, context: context)
    }
}
