import Foundation
public import Hummingbird
import PMSyncProtocol

/// Admits a request to the board named by the path's `:board` only for a member: without a
/// signed-in user it answers 401, and for a board the user is not a member of it answers 404,
/// exactly as for a board that does not exist, so a stranger learns nothing of others' boards.
/// It runs after the authenticators and leaves the board in the context for the routes.
public struct BoardAccessMiddleware<Repository: SyncRepository>: RouterMiddleware {
    /// Where memberships are looked up.
    public let repository: Repository

    /// A check of memberships in `repository`.
    public init(repository: Repository) {
        self.repository = repository
    }

    public func handle(
        _ request: Request, context: BoardRequestContext,
        next: (Request, BoardRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let user = context.identity else { throw APIError.unauthorized }
        let board = Self.boardName(context.parameters.get("board"))
        guard try await repository.isMember(board: board, user: user) else {
            throw APIError.boardNotFound(board.text)
        }
        var context = context
        context.board = board
        return try await next(request, context)
    }

    /// The board named by a path segment, percent-decoded (`team%20room` is "team room").
    static func boardName(_ segment: String?) -> BoardName {
        guard let segment else { return BoardName("") }
        return BoardName(segment.removingPercentEncoding ?? segment)
    }
}
