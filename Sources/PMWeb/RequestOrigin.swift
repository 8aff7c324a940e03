import Foundation
import HTTPTypes
import Hummingbird
import PMServer

/// Where a request came from and where it went to, as far as cookies and the Origin rule need:
/// the server's own origin is the scheme the browser used (`https` when the connection was TLS
/// or a reverse proxy says `X-Forwarded-Proto: https`) and the `Host` it asked for. A proxy in
/// front of the server must pass the `Host` on unchanged for writes through it to be accepted.
struct RequestOrigin: Sendable {
    let request: Request

    /// Whether the browser reached the server over https: the session cookie is then `Secure`.
    var isSecure: Bool {
        if request.head.scheme?.lowercased() == "https" { return true }
        let forwarded = request.headers[.xForwardedProto]?.split(separator: ",").first
        return forwarded?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// `scheme://host[:port]` of this server as the browser addressed it, or `nil` without a host.
    var serverOrigin: String? {
        guard let host = request.head.authority, !host.isEmpty else { return nil }
        return (isSecure ? "https://" : "http://") + host.lowercased()
    }

    /// Whether the request carries an `Origin` equal to the server's own: what a write
    /// authenticated by the session cookie, or a WebSocket upgrade, must show.
    var isSameOrigin: Bool {
        guard let origin = request.headers[.origin], let serverOrigin else { return false }
        return origin.lowercased() == serverOrigin
    }

    /// Whether the request carries an `Origin` from elsewhere (a missing one is not foreign).
    var isForeign: Bool {
        request.headers[.origin] != nil && !isSameOrigin
    }

    /// Whether the request changes something or opens the live WebSocket: the requests that
    /// must come from the server's own pages when a cookie signs them in.
    var isWriteOrUpgrade: Bool {
        switch request.method {
        case .get, .head, .options:
            return request.headers[.upgrade]?.lowercased() == "websocket"
        default:
            return true
        }
    }
}
