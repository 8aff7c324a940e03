public import Crypto
public import Foundation
import JWTKit
import PMServer

/// The server's VAPID key (RFC 8292): a P-256 signing key whose public half browsers subscribe
/// with (`applicationServerKey`) and whose signature on a short-lived JWT tells the push service
/// that the messages come from the server the browser subscribed to.
public struct VAPIDKey: Sendable {
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey
    /// Who runs the server, for the push service to contact (`mailto:…` or `https://…`).
    public let subject: String

    /// How long a token is good for: RFC 8292 allows at most 24 hours.
    public static let lifetime: TimeInterval = 12 * 60 * 60

    /// A key from its 32 stored bytes (as ``PushSubscriptionRepository/pushKey(orAdd:)`` keeps it).
    public init(rawRepresentation: [UInt8], subject: String) throws {
        privateKey = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
        self.subject = subject
    }

    /// The public key as an uncompressed point (65 bytes): what `GET /v1/push/key` serves.
    public var publicKey: [UInt8] { [UInt8](privateKey.publicKey.x963Representation) }

    /// When a token made at `now` expires, to the whole second (a JWT's dates are seconds).
    static func expiry(_ now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + lifetime).rounded(.down))
    }

    /// The claims of a VAPID token.
    struct Claims: JWTPayload {
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var sub: SubjectClaim

        func verify(using algorithm: some JWTAlgorithm) throws {
            try exp.verifyNotExpired()
        }
    }

    /// The `Authorization` header for a message to `endpoint` sent at `now`:
    /// `vapid t=JWT, k=PUBLIC KEY`, the token's audience the endpoint's origin.
    public func authorization(endpoint: String, now: Date) async throws -> String {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme, let host = url.host else {
            throw WebPushMessage.Refusal(description: "the endpoint \(endpoint) is not a URL")
        }
        let origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PrivateKey(backing: privateKey))
        let token = try await keys.sign(
            Claims(
                aud: AudienceClaim(value: [origin]), exp: ExpirationClaim(value: Self.expiry(now)),
                sub: SubjectClaim(value: subject)))
        return "vapid t=\(token), k=\(Base64URL.encode(publicKey))"
    }
}
