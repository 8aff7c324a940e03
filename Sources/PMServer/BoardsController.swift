import Foundation
import Hummingbird
import PMDomain
import PMSyncProtocol

/// The board routes: push and pull operations, read the current cards. Every route needs a
/// bearer token of a member of the board; any other board answers 404, as if it did not exist.
struct BoardsController<Repository: SyncRepository, Context: RequestContext> {
    let repository: Repository
    /// Where pushes announce the board's new head to this process's live connections.
    var live: LiveHeads? = nil

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.post(":board/operations", use: push)
        routes.get(":board/operations", use: pull)
        routes.get(":board/projects", use: projects)
        routes.get(":board/live", use: liveWithoutUpgrade)
        return routes
    }

    @Sendable func push(_ request: Request, context: Context) async throws -> Response {
        let board = try await authorizedBoard(request, context: context)
        var body = Data()
        for try await chunk in request.body {
            guard body.count + chunk.readableBytes <= PushRequest.bodyLimit else { throw APIError.bodyTooLarge }
            body.append(contentsOf: chunk.readableBytesView)
        }
        let batch: PushRequest
        do {
            batch = try PushRequest.decode(body)
        } catch {
            throw APIError.invalidJSON("the body is not a push request: \(Self.describe(error))")
        }
        guard batch.operations.count <= PushRequest.operationLimit else {
            throw APIError.tooManyOperations(batch.operations.count)
        }
        for operation in batch.operations {
            do {
                try operation.validate()
            } catch {
                throw APIError(status: .unprocessableContent, code: error.rule, message: error.description)
            }
        }
        let results = try await repository.push(board: board, operations: batch.operations)
        if let head = results.map(\.seq).max() { live?.publish(board: board, head: head) }
        return JSONResponse.make(json: JSONWriter.pushResponse(results))
    }

    @Sendable func pull(_ request: Request, context: Context) async throws -> Response {
        let board = try await authorizedBoard(request, context: context)
        let query = request.uri.queryParameters
        let after = try Self.integer(query["after"].map(String.init), name: "after", default: 0, range: 0...Int64.max)
        let limit = try Self.integer(
            query["limit"].map(String.init), name: "limit", default: Int64(OperationPage.limit),
            range: 1...Int64(OperationPage.limit))
        let page = try await repository.storedOperations(board: board, after: after, limit: Int(limit))
        return JSONResponse.make(json: page.json())
    }

    @Sendable func projects(_ request: Request, context: Context) async throws -> Response {
        let board = try await authorizedBoard(request, context: context)
        return JSONResponse.make(json: JSONWriter.snapshot(try await repository.snapshot(board: board)))
    }

    /// `/live` reached as plain HTTP: the WebSocket upgrade was missing (a refused token or board
    /// lands here too, and is answered as such first).
    @Sendable func liveWithoutUpgrade(_ request: Request, context: Context) async throws -> Response {
        _ = try await authorizedBoard(request, context: context)
        throw APIError.upgradeRequired
    }

    /// The board named in the path, once the token is known to belong to one of its members.
    func authorizedBoard(_ request: Request, context: Context) async throws -> String {
        let user = try await TokenAuthenticator(repository: repository).user(for: request)
        let board = Self.boardName(context.parameters.get("board"))
        guard try await repository.isMember(board: board, user: user) else {
            throw APIError.boardNotFound(board)
        }
        return board
    }

    /// The board named by a path segment, percent-decoded (`team%20room` is "team room").
    static func boardName(_ segment: String?) -> String {
        guard let segment else { return "" }
        return segment.removingPercentEncoding ?? segment
    }

    private static func integer(
        _ text: String?, name: String, default value: Int64, range: ClosedRange<Int64>
    ) throws -> Int64 {
        guard let text else { return value }
        guard let number = Int64(text), range.contains(number) else {
            throw APIError.badRequest("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            let message = context.debugDescription
            return path.isEmpty ? message : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(message)"
        default:
            return "unreadable JSON"
        }
    }
}
