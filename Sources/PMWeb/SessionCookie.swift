import Foundation
import Hummingbird

/// The `pm_session` cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
/// page sends it), Path=/, and Secure when the browser came over https.
enum SessionCookie {
    /// The cookie's name.
    static let name = "pm_session"

    /// The session id a request's cookie carries, if it has the shape of one.
    static func id(in request: Request) -> SessionID? {
        request.cookies[name].flatMap { SessionID(cookie: $0.value) }
    }

    /// The cookie that keeps `id` for `maxAge` seconds.
    static func setting(_ id: SessionID, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(
            name: name, value: id.text, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The cookie that makes the browser forget the session.
    static func clearing(secure: Bool) -> Cookie {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure,
            httpOnly: true, sameSite: .strict)
    }
}
