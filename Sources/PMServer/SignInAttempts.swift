public import Foundation

/// The sign-in attempts of the last ``window`` that did not (yet) succeed, by key, and the rule
/// that limits them. A pure value: the time is passed in, and ``SignInLimiter`` keeps it.
///
/// Each attempt names who it is for (``SignInKey``: a user name, or a token's prefix) and where
/// it comes from (an address). It is counted *before* its secret is checked — reserved — against
/// three keys, so concurrent attempts cannot all slip under the limit:
/// - the pair (address, who): at ``limit`` wrong attempts within the window, further attempts of
///   the pair are refused unchecked until the oldest is a window old. While fewer are known wrong
///   but ``limit`` are counted, some still being checked, a further attempt waits (``Admission/busy``)
///   until one of them ends: at most ``limit`` of a pair are ever unanswered or wrong at once, and
///   a client sending many requests at once with a right token or password is slowed to that
///   many checks at a time, never refused by its own requests. Only that pair's own wrong
///   guesses refuse it, so a stranger elsewhere cannot lock a user out, and one device's stale
///   token at an office address does not refuse its neighbours' tokens;
/// - who, from any address, and the address, for anyone: past ``limit`` (who) or
///   ``addressLimit`` (address) wrong attempts, each further *wrong* answer is slowed down
///   (``slowdown(after:)``), never refused, so guessing from many addresses or at many users
///   stays slow while a right secret is answered at once.
///
/// A right secret releases its own reservation and clears its pair.
public struct SignInAttempts: Sendable {
    /// Attempts of one (address, who) pair allowed within the window; the wrong attempts of one
    /// user or token past which wrong answers slow down.
    public var limit: Int
    /// Wrong attempts from one address, at any user or token, past which wrong answers slow down.
    public var addressLimit: Int
    /// How long an attempt counts.
    public var window: TimeInterval
    /// Keys kept at most; the longest quiet ones go first (bounded memory under a flood).
    public var capacity: Int
    /// The longest a wrong answer is held back.
    public var maximumSlowdown: TimeInterval

    private struct Entry: Sendable {
        let ticket: UInt64
        let at: Date
        /// Known wrong; until then the attempt is being checked.
        var wrong = false
    }

    private var entries: [String: [Entry]] = [:]
    private var lastTicket: UInt64 = 0
    private var lastSweep = Date.distantPast

    /// Attempts allowing `limit` per (address, who) pair per `window` seconds, slowing wrong
    /// answers past `limit` per user or token and `addressLimit` (default four times `limit`)
    /// per address, keeping at most `capacity` keys.
    public init(
        limit: Int = 5, addressLimit: Int? = nil, window: TimeInterval = 60, capacity: Int = 10_000,
        maximumSlowdown: TimeInterval = 8
    ) {
        self.limit = limit
        let (product, overflow) = limit.multipliedReportingOverflow(by: 4)
        self.addressLimit = addressLimit ?? (overflow ? .max : product)
        self.window = window
        self.capacity = capacity
        self.maximumSlowdown = maximumSlowdown
    }

    /// What becomes of an attempt asked for.
    public enum Admission: Hashable, Sendable {
        /// Check the secret; report the outcome with `ticket`.
        case admitted(ticket: UInt64)
        /// Refused unchecked: the pair is at its limit; try again in `retryAfter` whole seconds.
        case refused(retryAfter: Int)
        /// The pair's count is full with attempts still being checked: ask again once one of
        /// them ends (``succeeded(_:_:)``, ``failed(_:_:at:)``, ``released(_:_:)``).
        case busy
    }

    /// Reserves an attempt of `key` at `now`; refuses it when its pair is at the limit of wrong
    /// attempts, and holds it back (``Admission/busy``) when the pair's count is full only
    /// because some of its attempts are still being checked.
    public mutating func admit(_ key: SignInKey, at now: Date) -> Admission {
        forgetOld(at: now)
        let pair = (entries[key.pair] ?? []).filter { now.timeIntervalSince($0.at) < window }
        let wrong = pair.filter(\.wrong)
        if wrong.count >= limit, let oldest = wrong.first {
            let wait = window - now.timeIntervalSince(oldest.at)
            return .refused(retryAfter: max(1, Int(wait.rounded(.up))))
        }
        if pair.count >= limit { return .busy }
        lastTicket += 1
        for name in key.names { entries[name, default: []].append(Entry(ticket: lastTicket, at: now)) }
        return .admitted(ticket: lastTicket)
    }

    /// The attempt `ticket` of `key` had the right secret: its reservations go, and its pair's
    /// earlier wrong attempts with them.
    public mutating func succeeded(_ ticket: UInt64, _ key: SignInKey) {
        released(ticket, key)
        entries[key.pair] = nil
    }

    /// The attempt `ticket` of `key` ended without telling whether its secret was right (the
    /// store failed): it no longer counts.
    public mutating func released(_ ticket: UInt64, _ key: SignInKey) {
        for name in key.names {
            entries[name]?.removeAll { $0.ticket == ticket }
            if entries[name]?.isEmpty == true { entries[name] = nil }
        }
    }

    /// What a wrong attempt of `key` leads to, once counted: how long to hold its answer back,
    /// and whether it brought its pair to the limit (a lock-out, worth a line in the log).
    public struct Failure: Hashable, Sendable {
        /// Seconds to hold the answer back (0: answer at once).
        public var slowdown: TimeInterval
        /// Whether the pair is now at its limit, and so refused for a while.
        public var lockedOut: Bool
    }

    /// The attempt `ticket` of `key` had a wrong secret: it stays counted, as wrong.
    public mutating func failed(_ ticket: UInt64, _ key: SignInKey, at now: Date) -> Failure {
        for name in key.names {
            guard let index = entries[name]?.firstIndex(where: { $0.ticket == ticket }) else { continue }
            entries[name]?[index].wrong = true
        }
        // Attempts still being checked are not counted against anyone here: they may be right.
        let (entries, window) = (entries, window)
        let count = { (name: String) in
            (entries[name] ?? []).filter { $0.wrong && now.timeIntervalSince($0.at) < window }.count
        }
        let excess = max(count(key.who) - limit, count(key.address) - addressLimit)
        return Failure(slowdown: slowdown(after: excess), lockedOut: count(key.pair) == limit)
    }

    /// The hold-back of a wrong answer `excess` wrong attempts past a limit: a second, doubling
    /// with each further one, at most ``maximumSlowdown``.
    public func slowdown(after excess: Int) -> TimeInterval {
        guard excess > 0 else { return 0 }
        return min(maximumSlowdown, pow(2, Double(min(excess - 1, 30))))
    }

    /// Drops attempts past the window, then the longest quiet keys beyond ``capacity``: at most
    /// once a second while within it, since every request with credentials comes through here.
    private mutating func forgetOld(at now: Date) {
        guard entries.count > capacity || now.timeIntervalSince(lastSweep) >= 1 else { return }
        lastSweep = now
        entries = entries.compactMapValues { list in
            let recent = list.filter { now.timeIntervalSince($0.at) < window }
            return recent.isEmpty ? nil : recent
        }
        guard entries.count > capacity else { return }
        let quietest = entries.sorted { ($0.value.last?.at ?? now) < ($1.value.last?.at ?? now) }
        for (key, _) in quietest.prefix(entries.count - capacity) { entries[key] = nil }
    }
}
