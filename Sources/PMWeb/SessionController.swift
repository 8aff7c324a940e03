import Foundation
import Hummingbird
import PMServer
import PMSyncProtocol

/// `GET /v1/session`: who the browser's session signs in and the boards they belong to, so
/// the page learns who it is (`{"user":"ada","boards":["team"]}`); 401 without a session.
struct SessionController<Repository: SyncRepository>: Sendable {
    let sessions: Sessions<Repository>

    /// The answer's body.
    struct Body: Encodable {
        var user: String
        var boards: [String]
    }

    func addRoutes(to routes: RouteList<BoardRequestContext>) {
        routes.get("/v1/session", use: session)
    }

    @Sendable func session(_ request: Request, context: BoardRequestContext) async throws -> Response {
        guard let user = try await sessions.user(of: request) else { throw WebError.notSignedIn }
        let body = Body(user: user.text, boards: try await sessions.repository.boards(member: user).map(\.text))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(body))))
    }
}
