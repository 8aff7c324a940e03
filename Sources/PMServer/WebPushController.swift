import Foundation
import Hummingbird
import PMSyncProtocol

/// The routes of deadline notifications by Web Push: `GET /v1/push/key`, the server's VAPID
/// public key that a browser subscribes with (`applicationServerKey`), and
/// `POST`/`DELETE /v1/boards/{board}/push/subscriptions`, a browser's subscription to one
/// board. They sit behind sign-in (a bearer token, or the session cookie with the Origin rule
/// of every cookie write) and the board routes' member check.
struct WebPushController<Repository: PushSubscriptionRepository>: Sendable {
    typealias Context = BoardRequestContext

    let repository: Repository
    /// The VAPID key pair.
    let keys: WebPushKeys
    /// The schemes a push endpoint may use.
    let endpointSchemes: Set<String>

    /// The answer of `GET /v1/push/key`.
    struct KeyBody: Encodable {
        var publicKey: String
    }

    /// The answer of a stored subscription.
    struct SubscriptionBody: Encodable {
        var board: String
        var endpoint: String
        var timeZone: String?
    }

    func addSignedInRoutes(to group: RouterGroup<Context>) {
        group.get("push/key", use: key)
    }

    func addBoardRoutes(to group: RouterGroup<Context>) {
        group.post("push/subscriptions", use: subscribe)
        group.delete("push/subscriptions", use: unsubscribe)
    }

    @Sendable func key(_ request: Request, context: Context) async throws -> Response {
        JSONResponse.make(KeyBody(publicKey: Base64URL.encode(try await keys.publicKey())))
    }

    @Sendable func subscribe(_ request: Request, context: Context) async throws -> Response {
        let board = try context.admittedBoard()
        guard let user = context.identity else { throw APIError.unauthorized }
        var body = Data()
        for try await chunk in request.body {
            guard body.count + chunk.readableBytes <= PushSubscriptionInput.bodyLimit else {
                throw APIError(
                    status: .contentTooLarge, code: "bodyTooLarge",
                    message: "the body may be at most \(PushSubscriptionInput.bodyLimit) bytes")
            }
            body.append(contentsOf: chunk.readableBytesView)
        }
        let input: PushSubscriptionInput
        do {
            input = try JSONDecoder().decode(PushSubscriptionInput.self, from: body)
        } catch {
            throw APIError.invalidJSON(
                "the body is not a push subscription {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}}: "
                    + BoardsController<Repository>.describe(error))
        }
        let subscription = try input.subscription(
            board: board, user: user, session: context.sessionHash, schemes: endpointSchemes)
        do {
            try await repository.addPushSubscription(subscription)
        } catch let ended as PushSubscriptionError {
            throw APIError(status: .unauthorized, code: "sessionEnded", message: ended.description)
        }
        return JSONResponse.make(
            SubscriptionBody(board: board.text, endpoint: subscription.endpoint, timeZone: subscription.timeZone),
            status: .created)
    }

    @Sendable func unsubscribe(_ request: Request, context: Context) async throws -> Response {
        let board = try context.admittedBoard()
        guard let user = context.identity else { throw APIError.unauthorized }
        guard let endpoint = request.uri.queryParameters["endpoint"].map(String.init), !endpoint.isEmpty else {
            throw APIError.badRequest("the query must name the subscription: ?endpoint=URL")
        }
        guard try await repository.deletePushSubscription(endpoint: endpoint, board: board, user: user) else {
            throw APIError(
                status: .notFound, code: "pushSubscriptionNotFound",
                message: "you have no subscription of this endpoint to board \"\(board.text)\"")
        }
        return Response(status: .noContent)
    }
}
