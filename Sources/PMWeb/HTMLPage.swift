import Foundation
import HTTPTypes
import Hummingbird
import PMServer

/// An HTML page as every page of the web board is answered: with the strict
/// Content-Security-Policy (scripts, styles and connections only from this server, no inline
/// script or style, no framing), never cached, and with a body built only from escaped text.
struct HTMLPage: Sendable {
    /// The policy every page is sent with.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The whole document.
    var html: String

    /// The headers every HTML response carries, a page or a file (`/static/board.html`): a
    /// document the browser renders runs under the policy and cannot be framed, whichever route
    /// sent it.
    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
            .referrerPolicy: "same-origin",
        ]
    }

    /// The headers every page carries, beside its status.
    static var headers: HTTPFields {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: securityHeaders)
        return headers
    }

    /// The page as a response with `status`.
    func response(status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: Self.headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A page titled `title` (escaped) around `body` (HTML already escaped by its builder),
    /// styled by the pages' own stylesheet.
    static func document(title: String, body: String) -> HTMLPage {
        HTMLPage(
            html: """
                <!doctype html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
                <meta name="theme-color" content="#1d5fd1">
                <link rel="manifest" href="/manifest.webmanifest">
                <link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">
                <title>\(escape(title))</title>
                <link rel="stylesheet" href="/static/pages/pages.css">
                </head>
                <body>
                <main class="page">
                \(body)
                </main>
                </body>
                </html>

                """)
    }

    /// `text` safe inside an element or a quoted attribute.
    static func escape(_ text: String) -> String {
        MarkupText.escaped(text, apostrophe: "&#39;")
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}
