public import Hummingbird
public import HummingbirdAuth
public import HummingbirdWebSocket
import NIOCore
public import PMSyncProtocol

/// What a request carries through the server's middleware, on the HTTP routes and the live
/// WebSocket alike: the user its credentials sign in (set by an authenticator, such as
/// ``BearerTokenAuthenticator``) and, on a board's routes, the board that user may use (set
/// by ``BoardAccessMiddleware``).
public struct BoardRequestContext: AuthRequestContext, WebSocketRequestContext, RequestContext {
    /// The framework's part of the context.
    public var coreContext: CoreRequestContextStorage
    /// Where an upgraded request's WebSocket handler is kept.
    public let webSocket: WebSocketHandlerReference<Self>
    /// The user the request signs in, once an authenticator has recognised them.
    public var identity: UserName?
    /// The board in the path, once its membership is checked.
    public var board: BoardName?
    /// SHA-256 of the browser session that signed the request in, when a session cookie did
    /// (set by the web board's authenticator): what a push subscription is tied to.
    public var sessionHash: [UInt8]?
    /// The client's IP address as the connection shows it (`nil` in router tests), or as a
    /// trusted reverse proxy forwarded it (``RequestSources``): what sign-in limits and live
    /// connection caps count by.
    public internal(set) var remoteAddress: String?

    /// A context with nobody signed in yet.
    public init(source: Source) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The board ``BoardAccessMiddleware`` admitted the request to; a route outside its group
    /// asking for one is a programming error, answered 500.
    func admittedBoard() throws -> BoardName {
        guard let board else { throw UncheckedBoardAccess() }
        return board
    }
}

/// A board route reached without ``BoardAccessMiddleware`` in front of it.
struct UncheckedBoardAccess: Error, CustomStringConvertible {
    var description: String { "a board route was reached without the board access check" }
}
