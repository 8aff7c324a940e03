public import Foundation

/// Keeps the failed sign-ins of this process (``SignInAttempts``) with the injected clock. In
/// memory: a restart forgets them, which costs an attacker a restart per five guesses. One per
/// server, shared by every way in — the web board's sign-in form, a bearer token or HTTP Basic
/// on the API — so a guesser gains nothing by switching between them.
public actor SignInLimiter {
    private var attempts: SignInAttempts
    private let now: @Sendable () -> Date

    public init(attempts: SignInAttempts = SignInAttempts(), now: @escaping @Sendable () -> Date) {
        self.attempts = attempts
        self.now = now
    }

    /// The keys a sign-in of `user` from `address` counts against.
    public static func keys(user: String, address: String?) -> [String] {
        ["user:" + user.lowercased(), "address:" + (address ?? "unknown")]
    }

    /// Seconds to wait before `keys` may try again, or `nil`.
    public func wait(for keys: [String]) -> Int? {
        attempts.wait(for: keys, at: now())
    }

    /// Counts a failed sign-in against `keys`.
    public func recordFailure(for keys: [String]) {
        attempts.recordFailure(for: keys, at: now())
    }

    /// The key failures without a user name (a wrong bearer token) count against.
    public static func key(address: String?) -> String {
        "address:" + (address ?? "unknown")
    }
}
