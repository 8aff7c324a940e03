import Foundation

/// Keeps the failed sign-ins of this process (``SignInAttempts``) with the injected clock. In
/// memory: a restart forgets them, which costs an attacker a restart per five guesses.
actor SignInLimiter {
    private var attempts: SignInAttempts
    private let now: @Sendable () -> Date

    init(attempts: SignInAttempts = SignInAttempts(), now: @escaping @Sendable () -> Date) {
        self.attempts = attempts
        self.now = now
    }

    /// The keys a sign-in of `user` from `address` counts against.
    static func keys(user: String, address: String?) -> [String] {
        ["user:" + user.lowercased(), "address:" + (address ?? "unknown")]
    }

    /// Seconds to wait before `keys` may try again, or `nil`.
    func wait(for keys: [String]) -> Int? {
        attempts.wait(for: keys, at: now())
    }

    /// Counts a failed sign-in against `keys`.
    func recordFailure(for keys: [String]) {
        attempts.recordFailure(for: keys, at: now())
    }
}
