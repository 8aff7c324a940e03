public import Foundation
public import Logging

/// Keeps the sign-in attempts of this process (``SignInAttempts``, whose doc states the rule)
/// with the injected clock. In memory: a restart forgets them, which costs an attacker a
/// restart per five guesses. One per server, shared by every way in — the web board's sign-in
/// form, a bearer token on the API and the live WebSocket, HTTP Basic for calendar apps — so a
/// guesser gains nothing by switching between them.
public actor SignInLimiter {
    /// Holds a wrong answer back; start-up code passes the clock's sleep, tests record it.
    public typealias Pause = @Sendable (_ seconds: TimeInterval) async -> Void

    private var attempts: SignInAttempts
    /// The clock, also read by ``BearerTokenAuthenticator`` for a token's last use.
    nonisolated let now: @Sendable () -> Date
    /// The token uses written down, kept here because the limiter is the one thing every way in
    /// of a server shares: the API, the live WebSocket and CalDAV record a token's use once.
    nonisolated let tokenUses = TokenUses()
    private let pause: Pause
    private let logger: Logger?
    /// Attempts held back (``SignInAttempts/Admission/busy``) until one of their pair's attempts
    /// being checked ends, by pair.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// A limiter with `attempts`' rule on the clock `now`, holding wrong answers back with
    /// `pause`, and logging each lock-out to `logger`.
    public init(
        attempts: SignInAttempts = SignInAttempts(), now: @escaping @Sendable () -> Date,
        pause: @escaping Pause = { _ in }, logger: Logger? = nil
    ) {
        self.attempts = attempts
        self.now = now
        self.pause = pause
        self.logger = logger
    }

    /// How an attempt ended.
    public enum Outcome<Value: Sendable>: Sendable {
        /// The secret was right.
        case signedIn(Value)
        /// The secret was wrong (answered after any slowdown).
        case wrong
        /// Refused unchecked: the address tried this user or token too often lately.
        case refused(retryAfter: Int)
    }

    /// Counts an attempt of `key` before `check` runs, then runs it unless the attempt is
    /// refused: `check` answers the signed-in value, or `nil` for a wrong secret. A thrown error
    /// (the store failing) counts as neither outcome and releases the attempt.
    public nonisolated func attempt<Value: Sendable>(
        _ key: SignInKey, check: () async throws -> Value?
    ) async throws -> Outcome<Value> {
        let ticket: UInt64
        switch await admit(key) {
        case .admitted(let admitted): ticket = admitted
        case .refused(let seconds): return .refused(retryAfter: seconds)
        // `admit` waits out a busy pair and asks again, so it does not answer this; were it to,
        // the client is told to try again in a second rather than the check skipped.
        case .busy: return .refused(retryAfter: 1)
        }
        let value: Value?
        do {
            value = try await check()
        } catch {
            await released(ticket, key)
            throw error
        }
        if let value {
            await succeeded(ticket, key)
            return .signedIn(value)
        }
        await failed(ticket, key)
        return .wrong
    }

    /// Admits or refuses `key`'s attempt, first waiting while its pair's count is full of
    /// attempts still being checked.
    private func admit(_ key: SignInKey) async -> SignInAttempts.Admission {
        while true {
            let admission = attempts.admit(key, at: now())
            guard admission == .busy else { return admission }
            await withCheckedContinuation { waiting[key.pair, default: []].append($0) }
        }
    }

    /// Lets the attempts waiting on `key`'s pair ask again: one of its attempts has ended.
    private func ended(_ key: SignInKey) {
        for waiter in waiting.removeValue(forKey: key.pair) ?? [] { waiter.resume() }
    }

    private func released(_ ticket: UInt64, _ key: SignInKey) {
        attempts.released(ticket, key)
        ended(key)
    }

    private func succeeded(_ ticket: UInt64, _ key: SignInKey) {
        attempts.succeeded(ticket, key)
        ended(key)
    }

    private func failed(_ ticket: UInt64, _ key: SignInKey) async {
        let failure = attempts.failed(ticket, key, at: now())
        ended(key)
        if failure.lockedOut {
            logger?.warning(
                "sign-in limit reached: \(attempts.limit) wrong attempts within \(Int(attempts.window)) s",
                metadata: ["who": "\(key.who)", "address": "\(key.address)"])
        }
        if failure.slowdown > 0 { await pause(failure.slowdown) }
    }
}
