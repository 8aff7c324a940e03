import PMSyncProtocol

/// The sync engine's decisions, with no clock, network or database in sight: each event moves
/// it to a phase and names the effects to carry out. The engine performs them and reports
/// back with new events, so every path (a failure while live, a change mid-round, a revoked
/// token) is tested by feeding events in.
public struct SyncMachine: Hashable, Sendable {
    /// Where the engine stands.
    public enum Phase: Hashable, Sendable {
        /// Not reaching the server; a retry is scheduled.
        case offline
        /// Starting: the first round is running.
        case connecting
        /// A round is running.
        case syncing
        /// Caught up, following the live connection for news.
        case live
        /// Stopped on an error retrying cannot fix; only the user restarts it.
        case stopped(String)
    }

    /// What happened.
    public enum Event: Hashable, Sendable {
        /// The engine started.
        case start
        /// This device recorded a change.
        case localChange
        /// The user asked for a round now.
        case syncRequested
        /// A round finished; `head` is the server's, `cursor` this device's after it.
        case roundSucceeded(head: Int64, cursor: Int64)
        /// A round failed.
        case roundFailed(message: String, retryable: Bool)
        /// The live connection announced the board's head.
        case liveHead(Int64)
        /// The live connection dropped.
        case liveClosed
        /// The retry delay ran out.
        case retryDue
        /// The check of a board whose live updates are blocked is due.
        case pollDue
    }

    /// What to do.
    public enum Effect: Hashable, Sendable {
        /// Run one round.
        case runRound
        /// Open the live connection.
        case openLive
        /// Close the live connection.
        case closeLive
        /// Wait ``Backoff/delay(attempt:random:)`` for `attempt`, then send ``Event/retryDue``.
        case scheduleRetry(attempt: Int)
        /// Wait ``SyncMachine/blockedPoll``, then send ``Event/pollDue``.
        case schedulePoll
    }

    /// How often a board whose live updates are blocked checks the server.
    public static let blockedPoll = Duration.seconds(10)
    /// Live connections in a row that closed before announcing a head, each after a round
    /// succeeded, before live updates count as blocked.
    public static let blockedAfter = 2

    /// Where the engine stands.
    public private(set) var phase: Phase = .offline
    /// The last round's error, shown while offline or stopped.
    public private(set) var lastError: String?
    /// Failed rounds since the last success: the backoff's exponent.
    public private(set) var failures = 0
    /// Whether the live connection is open (or opening).
    public private(set) var liveOpen = false
    /// Whether live updates are blocked: rounds succeed but the live connection closes before
    /// saying anything (a proxy that drops the WebSocket upgrade). The engine then checks every
    /// ``blockedPoll`` (trying live again each time) instead of going quiet or hammering.
    public private(set) var liveBlocked = false
    /// Whether the open live connection announced a head.
    private var liveAnswered = false
    /// Live connections in a row that closed without announcing a head.
    private var liveUnanswered = 0
    /// Whether a ``Effect/schedulePoll`` is waiting.
    private var pollScheduled = false
    /// Whether something happened during a round that the round may have missed.
    private var dirty = false
    /// The cursor after the last round, to tell news from an echo.
    private var cursor: Int64 = 0

    /// A machine that has not started.
    public init() {}

    /// Takes in `event`; returns the effects to carry out, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        if case .liveHead = event {
            // Live works (again): the connection said something.
            liveAnswered = true
            liveUnanswered = 0
            liveBlocked = false
        }
        switch (event, phase) {
        case (.start, _), (.syncRequested, _):
            if phase == .syncing || phase == .connecting {
                dirty = true
                return []
            }
            failures = 0
            return beginRound(event == .start ? .connecting : .syncing)
        case (_, .stopped):
            return []
        case (.localChange, .syncing), (.localChange, .connecting), (.liveHead, .syncing),
            (.liveHead, .connecting):
            if case .liveHead(let head) = event, head <= cursor { return [] }
            dirty = true
            return []
        case (.localChange, .live):
            return beginRound(.syncing)
        case (.liveHead(let head), .live):
            return head > cursor ? beginRound(.syncing) : []
        case (.localChange, .offline), (.liveHead, .offline):
            // The scheduled retry will carry it; hammering a server that is down helps no one.
            return []
        case (.roundSucceeded(_, let newCursor), _):
            cursor = newCursor
            failures = 0
            lastError = nil
            if dirty { return beginRound(.syncing) }
            phase = .live
            if liveOpen { return [] }
            liveOpen = true
            liveAnswered = false
            // While blocked, each check tries live once more, and the next check is booked.
            return [.openLive] + (liveBlocked ? schedulePoll() : [])
        case (.roundFailed(let message, let retryable), _):
            lastError = message
            dirty = false
            guard retryable else {
                phase = .stopped(message)
                liveOpen = false
                return [.closeLive]
            }
            failures += 1
            phase = .offline
            return [.scheduleRetry(attempt: failures)]
        case (.liveClosed, _):
            liveOpen = false
            liveUnanswered = liveAnswered ? 0 : liveUnanswered + 1
            liveAnswered = false
            if liveUnanswered >= Self.blockedAfter { liveBlocked = true }
            guard phase == .live else { return [] }
            // Blocked: the poll carries on, rather than a round and an upgrade after every failure.
            if liveBlocked { return schedulePoll() }
            // The connection is the first to notice a lost network: check with a round.
            return beginRound(.syncing)
        case (.pollDue, _):
            pollScheduled = false
            guard liveBlocked, phase == .live else { return [] }
            return beginRound(.syncing)
        case (.retryDue, .offline):
            return beginRound(.syncing)
        case (.retryDue, _):
            return []
        }
    }

    private mutating func schedulePoll() -> [Effect] {
        guard !pollScheduled else { return [] }
        pollScheduled = true
        return [.schedulePoll]
    }

    private mutating func beginRound(_ next: Phase) -> [Effect] {
        dirty = false
        phase = next
        return [.runRound]
    }
}

/// The sync engine's retry pauses: ``ExponentialBackoff`` from half a second up to a minute.
public enum Backoff {
    /// The first retry's full delay.
    public static let base = Duration.milliseconds(500)
    /// The longest wait.
    public static let cap = Duration.seconds(60)

    /// The wait before retry `attempt` (from 1), for `random` in `0..<1`.
    public static func delay(attempt: Int, random: Double) -> Duration {
        ExponentialBackoff(base: base, cap: cap).delay(attempt: attempt, random: random)
    }
}
