public import AsyncHTTPClient
public import Foundation
import Logging
import NIOCore
import NIOHTTP1
public import PMServer

/// Delivers deadline notices to browsers' push services over HTTP (RFC 8030): each message
/// encrypted for its subscription (``WebPushMessage``), signed for with a VAPID token
/// (``VAPIDKey``), and retried as ``PushAttempts`` says, pausing on the injected clock.
public struct WebPushSender: WebPushDelivery {
    let client: HTTPClient
    let keys: WebPushKeys
    let subject: String
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let random: @Sendable () -> Double

    /// How long a push service keeps a message for a device that is offline: a day, after which
    /// a deadline notice is stale.
    static let timeToLive = 86_400
    /// How long one request may take.
    static let requestTimeout = TimeAmount.seconds(30)

    /// A sender through `client` signing with `keys`, naming `subject` (`mailto:` or `https:`) as
    /// who to contact; `now` dates the tokens, `clock` paces the retries and `random` draws their
    /// jitter in `0..<1`.
    public init(
        client: HTTPClient = .shared, keys: WebPushKeys, subject: String, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date,
        random: @escaping @Sendable () -> Double
    ) {
        self.client = client
        self.keys = keys
        self.subject = subject
        self.clock = clock
        self.now = now
        self.random = random
    }

    public func deliver(_ payload: [UInt8], to subscription: PushSubscription, urgent: Bool) async -> WebPushOutcome {
        let message: WebPushMessage
        do {
            message = try WebPushMessage(payload, for: subscription)
        } catch {
            return .refused("\(error)")
        }
        var attempts = PushAttempts()
        while true {
            let answer = await post(message, to: subscription.endpoint, urgent: urgent)
            switch attempts.next(
                status: answer.status, retryAfter: answer.retryAfter, error: answer.error, random: random())
            {
            case .finish(let outcome):
                return outcome
            case .retry(let pause):
                do {
                    try await clock.sleep(for: pause)
                } catch {
                    return .unavailable("cancelled")
                }
            }
        }
    }

    /// One POST of `message`: the status and `Retry-After` seconds, or why there was no answer.
    private func post(_ message: WebPushMessage, to endpoint: String, urgent: Bool) async -> (
        status: Int?, retryAfter: Int?, error: String?
    ) {
        do {
            var request = HTTPClientRequest(url: endpoint)
            request.method = .POST
            let key = try VAPIDKey(rawRepresentation: try await keys.privateKey(), subject: subject)
            request.headers.add(
                name: "Authorization", value: try await key.authorization(endpoint: endpoint, now: now()))
            request.headers.add(name: "Content-Encoding", value: "aes128gcm")
            request.headers.add(name: "Content-Type", value: "application/octet-stream")
            request.headers.add(name: "TTL", value: String(Self.timeToLive))
            request.headers.add(name: "Urgency", value: urgent ? "high" : "normal")
            request.body = .bytes(ByteBuffer(bytes: message.body))
            let response = try await client.execute(request, timeout: Self.requestTimeout)
            // The answer's body says nothing we act on; it is read so the connection is reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let retryAfter = response.headers.first(name: "Retry-After").flatMap { Int($0) }
            return (Int(response.status.code), retryAfter, nil)
        } catch {
            return (nil, nil, "\(error)")
        }
    }
}
