import Crypto
import Foundation
import HTTPTypes
import PMSyncProtocol

/// The body of `POST /v1/boards/{board}/push/subscriptions`: what the browser's
/// `PushSubscription.toJSON()` gives (`{"endpoint", "expirationTime", "keys": {"p256dh",
/// "auth"}}`), with the browser's time zone beside it, checked rule by rule so a refusal names
/// the rule broken.
struct PushSubscriptionInput: Decodable {
    struct Keys: Decodable {
        var p256dh: String
        var auth: String
    }

    var endpoint: String
    var keys: Keys
    var timeZone: String?

    /// The largest body read: a subscription is a few hundred bytes.
    static let bodyLimit = 4096
    /// The longest endpoint accepted; the push services' are well under 1000 characters.
    static let endpointLimit = 1024

    /// The subscription of `user` to `board` this input asks for, or the rule it breaks.
    /// `schemes` are those an endpoint may use: `https` (a test's push service may add `http`).
    func subscription(board: BoardName, user: UserName, session: [UInt8]?, schemes: Set<String>) throws(APIError)
        -> PushSubscription
    {
        try Self.checkEndpoint(endpoint, schemes: schemes)
        guard let p256dh = Base64URL.decode(keys.p256dh), p256dh.count == 65, p256dh.first == 4,
            (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil
        else {
            throw Self.refusal(
                "pushKey", "keys.p256dh must be a P-256 public key: an uncompressed point of 65 bytes in base64url")
        }
        guard let auth = Base64URL.decode(keys.auth), auth.count == 16 else {
            throw Self.refusal("pushAuth", "keys.auth must be 16 bytes in base64url")
        }
        if let timeZone {
            guard timeZone.count <= 64, TimeZone(identifier: timeZone) != nil else {
                throw Self.refusal("timeZone", "timeZone must be an IANA time zone name such as Asia/Seoul")
            }
        }
        return PushSubscription(
            endpoint: endpoint, p256dh: p256dh, auth: auth, board: board, user: user, session: session,
            timeZone: timeZone)
    }

    /// Refuses an endpoint that is not an absolute URL of one of `schemes` with a host, at most
    /// ``endpointLimit`` characters long, without credentials or fragment.
    static func checkEndpoint(_ endpoint: String, schemes: Set<String>) throws(APIError) {
        let allowed = schemes.sorted().joined(separator: " or ")
        guard endpoint.count <= endpointLimit else {
            throw refusal("pushEndpoint", "endpoint may be at most \(endpointLimit) characters")
        }
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(),
            schemes.contains(scheme), let host = url.host, !host.isEmpty, url.user == nil, url.password == nil,
            url.fragment == nil
        else {
            throw refusal("pushEndpoint", "endpoint must be an absolute \(allowed) URL with a host")
        }
    }

    static func refusal(_ code: String, _ message: String) -> APIError {
        APIError(status: .unprocessableContent, code: code, message: message)
    }
}
