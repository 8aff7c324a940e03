import Foundation
public import Hummingbird
import PMSyncProtocol

/// A refused request, answered as `{"error":{"code","message"}}` with a 4xx status.
public struct APIError: HTTPResponseError, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable, machine-readable name.
    public let code: String
    /// A sentence for people.
    public let message: String
    /// Seconds to wait before trying again, sent as `Retry-After` (a 429).
    public var retryAfter: Int?

    /// An error from its parts.
    public init(status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(ErrorBody(code: code, message: message), status: status)
        if let retryAfter { response.headers[.retryAfter] = "\(retryAfter)" }
        return response
    }

    /// Too many failed sign-ins with this token (or as this user) from this address lately.
    public static func tooManySignIns(retryAfter seconds: Int) -> APIError {
        APIError(
            status: .tooManyRequests, code: "tooManySignIns",
            message: "too many failed sign-ins with this token or user from this address; try again in \(seconds) s",
            retryAfter: seconds)
    }

    static let unauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: "a valid \"Authorization: Bearer TOKEN\" header is required")

    static func boardNotFound(_ board: String) -> APIError {
        APIError(status: .notFound, code: "boardNotFound", message: "no board \"\(board)\" among yours")
    }

    /// One answer for every feed that is not served, whatever the reason (no such key, a
    /// revoked one, a board its user has left), so a guessed URL learns nothing.
    static let feedNotFound = APIError(
        status: .notFound, code: "feedNotFound",
        message: "no feed here: the key is wrong or revoked, or no longer opens this board")

    static let upgradeRequired = APIError(
        status: .upgradeRequired, code: "upgradeRequired",
        message: "this route is a WebSocket: send the request with \"Upgrade: websocket\"")

    static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "badRequest", message: message)
    }

    static func invalidJSON(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "invalidJSON", message: message)
    }

    static let bodyTooLarge = APIError(
        status: .contentTooLarge, code: "bodyTooLarge",
        message: "the body may be at most \(PushRequest.bodyLimit) bytes")

    static func tooManyOperations(_ count: Int) -> APIError {
        APIError(
            status: .contentTooLarge, code: "tooManyOperations",
            message: "a push may hold at most \(PushRequest.operationLimit) operations, got \(count)")
    }
}
