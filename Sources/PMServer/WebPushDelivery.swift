/// What became of one message handed to a push service.
public enum WebPushOutcome: Hashable, Sendable {
    /// The push service took it (201).
    case delivered
    /// The subscription no longer exists (404, 410): it is removed.
    case gone
    /// The push service refused this message for good (another 4xx); it is not sent again.
    case refused(String)
    /// The push service could not take it now (429, 5xx, no answer), even after retries; a
    /// later round sends it again.
    case unavailable(String)
}

/// Hands an encrypted message to a browser's push service: the interface of the side effect,
/// apart from its live implementation (PMWebPush's, over HTTP), so a round runs in a unit test.
public protocol WebPushDelivery: Sendable {
    /// Sends `payload` (plain JSON, encrypted on the way for `subscription`); `urgent` asks the
    /// push service to wake the device now.
    func deliver(_ payload: [UInt8], to subscription: PushSubscription, urgent: Bool) async -> WebPushOutcome
}
