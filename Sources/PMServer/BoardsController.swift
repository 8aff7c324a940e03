import Foundation
import Hummingbird
import PMDomain
import PMSyncProtocol

/// The board routes: push and pull operations, read the current cards. They are mounted behind
/// the authenticators and ``BoardAccessMiddleware``, so each runs for a member of the board in
/// the path, which the context holds.
struct BoardsController<Repository: SyncRepository> {
    typealias Context = BoardRequestContext

    let repository: Repository
    /// Where pushes announce the board's new head to this process's live connections.
    var live: LiveHeads? = nil
    /// The rules every pushed operation obeys, its clock among them.
    let clockSkew: ClockSkew

    var endpoints: RouteCollection<Context> {
        let routes = RouteCollection(context: Context.self)
        routes.get("operations", use: pull)
        routes.post("operations", use: push)
        routes.get("projects", use: projects)
        routes.get("live", use: liveWithoutUpgrade)
        return routes
    }

    @Sendable func push(_ request: Request, context: Context) async throws -> Response {
        let board = try context.admittedBoard()
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
        do {
            try clockSkew.check(batch.operations)
        } catch {
            throw APIError(status: .unprocessableContent, code: error.rule, message: error.description)
        }
        let results = try await repository.push(
            board: board, author: context.identity, operations: batch.operations)
        ServerMetrics.acknowledged(results.count)
        if let head = results.map(\.seq).max() { live?.publish(board: board, head: head) }
        return JSONResponse.make(json: JSONWriter.pushResponse(results))
    }

    @Sendable func pull(_ request: Request, context: Context) async throws -> Response {
        let board = try context.admittedBoard()
        let query = request.uri.queryParameters
        let after = try Self.integer(query["after"].map(String.init), name: "after", default: 0, range: 0...Int64.max)
        let limit = try Self.integer(
            query["limit"].map(String.init), name: "limit", default: Int64(OperationPage.limit),
            range: 1...Int64(OperationPage.limit))
        return JSONResponse.make(json: try await repository.pullAnswer(board: board, after: after, limit: Int(limit)))
    }

    /// The snapshot, streamed: the head goes out before any card is read, then each page as it
    /// is read. A client's deadline for the answer's head is met however large the board, and
    /// the server holds one page at a time rather than the whole answer.
    @Sendable func projects(_ request: Request, context: Context) async throws -> Response {
        let board = try context.admittedBoard()
        let pages = try await repository.snapshotPages(board: board, size: SnapshotPages.size)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: JSONWriter.snapshotOpening(seq: pages.head)))
                var following = false
                while case let page = try await pages.next(), !page.isEmpty {
                    try await writer.write(ByteBuffer(bytes: JSONWriter.snapshotCards(page, following: following)))
                    following = true
                }
                try await writer.write(ByteBuffer(bytes: JSONWriter.snapshotClosing))
                try await writer.finish(nil)
            })
    }

    /// `/live` reached as plain HTTP: the WebSocket upgrade was missing (a refused token or board
    /// is answered as such first, by the access check in front of this route).
    @Sendable func liveWithoutUpgrade(_ request: Request, context: Context) async throws -> Response {
        _ = try context.admittedBoard()
        throw APIError.upgradeRequired
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

    static func describe(_ error: any Error) -> String {
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
