import Foundation
import Hummingbird
import PMServer

/// Serves ``WebResources``: `GET /static/<path>` (`/static/js/app.js` is `Resources/js/app.js`;
/// `/static/js/board.combined.js`, which the board page loads, is every module in one: see
/// ``CombinedModules``), `GET /sw.js`, the service worker, at the root so that its scope is the whole site, and
/// `GET /manifest.webmanifest`, the web app manifest that makes the board installable (an iPad's
/// Home Screen), at the root too, as its scope is the whole site. Every
/// answer says `Cache-Control: no-cache` with an ETag: the browser asks each time and gets a 304
/// while nothing changed, and the service worker does the offline caching. An HTML file carries
/// the pages' security headers (``HTMLPage/securityHeaders``), as every HTML response does.
struct StaticFilesController: Sendable {
    let resources: WebResources

    func addRoutes(to routes: RouteList<BoardRequestContext>) {
        routes.get("/static/**", use: staticFile)
        routes.get("/sw.js", use: serviceWorker)
        routes.get("/manifest.webmanifest", use: manifest)
    }

    @Sendable func staticFile(_ request: Request, context: BoardRequestContext) throws -> Response {
        try answer(request, path: context.parameters.getCatchAll())
    }

    @Sendable func serviceWorker(_ request: Request, context: BoardRequestContext) throws -> Response {
        try answer(request, path: ["sw.js"])
    }

    @Sendable func manifest(_ request: Request, context: BoardRequestContext) throws -> Response {
        try answer(request, path: ["manifest.webmanifest"])
    }

    func answer(_ request: Request, path: [Substring]) throws -> Response {
        let found = path == WebResources.combinedPath ? resources.combinedModules() : resources.file(at: path)
        guard let file = found else { throw HTTPError(.notFound, message: "no such file") }
        var headers: HTTPFields = [
            .contentType: file.contentType, .eTag: file.etag, .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
        ]
        if file.contentType.hasPrefix("text/html") {
            for field in HTMLPage.securityHeaders { headers[field.name] = field.value }
        }
        if request.headers[.ifNoneMatch].map({ Self.matches($0, etag: file.etag) }) == true {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// Whether an `If-None-Match` value names `etag` (or is `*`).
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { tag in
            let tag = tag.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
