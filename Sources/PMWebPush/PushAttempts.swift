public import PMServer
public import PMSyncProtocol

/// What to do after each answer of a push service to one message (RFC 8030 §5, RFC 8292): the
/// policy as a pure value, so tests drive it without a network. 201 is delivered; 404 and 410
/// say the subscription is gone; 429 and 5xx (and no answer at all) are tried again after the
/// push service's `Retry-After`, else a growing pause, up to ``limit`` tries; any other answer
/// is a refusal not worth repeating.
public struct PushAttempts: Hashable, Sendable {
    /// The decision after an answer.
    public enum Step: Hashable, Sendable {
        /// Send again after this pause.
        case retry(after: Duration)
        /// Done, with this outcome.
        case finish(WebPushOutcome)
    }

    /// The tries one message gets within one round; a later round tries again.
    public static let limit = 4
    /// The pause before a retry the push service gave no `Retry-After` for.
    public static let backoff = ExponentialBackoff(base: .seconds(1), cap: .seconds(30))
    /// The longest `Retry-After` waited for within a round; a longer one waits for a later round.
    public static let longestWait = Duration.seconds(120)

    /// Tries made so far.
    public private(set) var tries = 0

    /// A message not sent yet.
    public init() {}

    /// The step after an answer with `status` (`nil`: no answer, `error` says why) and its
    /// `Retry-After` in seconds; `random` draws the backoff's jitter in `0..<1`.
    public mutating func next(status: Int?, retryAfter: Int?, error: String? = nil, random: Double) -> Step {
        tries += 1
        switch status {
        case .some(200...299):
            return .finish(.delivered)
        case .some(404), .some(410):
            return .finish(.gone)
        case .some(429), .some(500...599), .none:
            let reason = status.map { "HTTP \($0)" } ?? (error ?? "no answer")
            guard tries < Self.limit else { return .finish(.unavailable(reason)) }
            let pause =
                retryAfter.map { Duration.seconds(max($0, 0)) } ?? Self.backoff.delay(attempt: tries, random: random)
            guard pause <= Self.longestWait else {
                return .finish(.unavailable(reason + ", retry after \(pause.components.seconds) s"))
            }
            return .retry(after: pause)
        case .some(let other):
            return .finish(.refused("HTTP \(other)"))
        }
    }
}
