import Foundation

/// The failed sign-ins of the last ``window``, by who they were for and where they came from
/// (keys such as `user:ada` and `address:192.0.2.1`). Once ``limit`` failures of one key fall
/// within the window, further attempts for that key are refused until the oldest of them is
/// older than the window — whether or not their secret is right, so guessing gains nothing.
/// A pure value: the time is passed in, and ``SignInLimiter`` keeps it.
struct SignInAttempts: Sendable {
    /// Failures of one key allowed within the window.
    var limit: Int
    /// How long a failure counts.
    var window: TimeInterval
    /// Keys kept at most; the longest quiet ones go first (bounded memory under a flood).
    var capacity: Int

    private var failures: [String: [Date]] = [:]

    /// Attempts allowing `limit` failures of one key per `window` seconds, keeping at most
    /// `capacity` keys.
    init(limit: Int = 5, window: TimeInterval = 60, capacity: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    /// How many whole seconds to wait before any of `keys` may try again, or `nil` if none is
    /// at its limit.
    func wait(for keys: [String], at now: Date) -> Int? {
        let waits = keys.compactMap { key -> TimeInterval? in
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return window - now.timeIntervalSince(oldest)
        }
        return waits.max().map { max(1, Int($0.rounded(.up))) }
    }

    /// Counts a failure for each of `keys` at `now`.
    mutating func recordFailure(for keys: [String], at now: Date) {
        for key in keys {
            failures[key, default: []].append(now)
        }
        forgetOld(at: now)
    }

    /// Drops failures past the window, then the longest quiet keys beyond ``capacity``.
    private mutating func forgetOld(at now: Date) {
        failures = failures.compactMapValues { dates in
            let recent = dates.filter { now.timeIntervalSince($0) < window }
            return recent.isEmpty ? nil : recent
        }
        guard failures.count > capacity else { return }
        let quietest = failures.sorted { ($0.value.last ?? now) < ($1.value.last ?? now) }
        for (key, _) in quietest.prefix(failures.count - capacity) { failures[key] = nil }
    }
}
