/// Exponential backoff with jitter: the n-th retry in a row waits between half and all of
/// `base · 2^(n-1)`, capped at `cap`, so a server coming back is not met by every client (or
/// every server process following a shared database) at the same instant. Pure: the caller
/// draws the randomness and owns the clock.
public struct ExponentialBackoff: Hashable, Sendable {
    /// The first retry's full delay.
    public var base: Duration
    /// The longest wait.
    public var cap: Duration

    /// A backoff from `base`, doubling up to `cap`.
    public init(base: Duration, cap: Duration) {
        self.base = base
        self.cap = cap
    }

    /// The wait before retry `attempt` (from 1), for `random` in `0..<1`.
    public func delay(attempt: Int, random: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 20)
        let full = min(base * (1 << exponent), cap)
        return full * (0.5 + 0.5 * min(max(random, 0), 1))
    }
}
