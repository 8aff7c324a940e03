import Foundation
public import PMSyncProtocol

/// A browser's Web Push subscription to one board's deadline notifications (RFC 8030): where
/// the push service takes messages for it, and the keys its messages are encrypted for
/// (RFC 8291). One per endpoint and board; the same browser may follow several boards.
public struct PushSubscription: Hashable, Sendable {
    /// The push service's URL for this browser, `https://…`: what is POSTed to.
    public var endpoint: String
    /// The browser's P-256 public key, an uncompressed point (65 bytes).
    public var p256dh: [UInt8]
    /// The browser's authentication secret (16 bytes).
    public var auth: [UInt8]
    /// The board whose deadlines it is told of.
    public var board: BoardName
    /// Who subscribed, a member of the board: it is sent nothing once they are not.
    public var user: UserName
    /// SHA-256 of the browser session that subscribed, when a session did: signing out (or the
    /// session expiring, or a revoked token ending it) removes the subscription with it, so a
    /// shared tablet shows nobody's card titles once they have left it.
    public var session: [UInt8]?
    /// The IANA time zone whose 09:00 a deadline day starts in for this browser
    /// (`Asia/Seoul`); `nil` for the server's default.
    public var timeZone: String?

    /// A subscription from its parts.
    public init(
        endpoint: String, p256dh: [UInt8], auth: [UInt8], board: BoardName, user: UserName,
        session: [UInt8]? = nil, timeZone: String? = nil
    ) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.board = board
        self.user = user
        self.session = session
        self.timeZone = timeZone
    }
}
