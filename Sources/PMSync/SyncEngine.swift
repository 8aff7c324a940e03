import PMDomain
public import PMStore

/// What the board shows of sync.
public struct SyncStatus: Hashable, Sendable {
    /// Where the engine stands.
    public var phase: SyncMachine.Phase
    /// Changes of this device the server has not acknowledged.
    public var pending: Int
    /// The last error, while offline or stopped.
    public var lastError: String?
    /// Whether live updates are blocked and the board checks every ``SyncMachine/blockedPoll``.
    public var liveBlocked: Bool
    /// Whether syncing stopped because the server refused the token: retrying cannot help until
    /// `pm remote set` gives a new one.
    public var tokenRefused: Bool
    /// Cards this device changed that someone else deleted, brought in by the round just ended
    /// (reported once).
    public var deletedWhileChanged: [DeletedWhileChanged]

    /// A status from its parts.
    public init(
        phase: SyncMachine.Phase, pending: Int, lastError: String? = nil, liveBlocked: Bool = false,
        tokenRefused: Bool = false, deletedWhileChanged: [DeletedWhileChanged] = []
    ) {
        self.phase = phase
        self.pending = pending
        self.lastError = lastError
        self.liveBlocked = liveBlocked
        self.tokenRefused = tokenRefused
        self.deletedWhileChanged = deletedWhileChanged
    }
}

/// The sync engine of a long-running process (the board): it runs ``SyncMachine`` against the
/// real world, rounds through ``SyncLink`` (so a failure is recorded and worded as `pm sync`
/// words it), news through the link's live connection, and waits on the environment's clock
/// with jitter from its randomness.
public actor SyncEngine {
    private let link: SyncLink
    private var machine = SyncMachine()
    private var live: Task<Void, Never>?
    private var tasks: [Task<Void, Never>] = []
    private let events: AsyncStream<SyncMachine.Event>
    private let send: AsyncStream<SyncMachine.Event>.Continuation
    /// Cards deleted elsewhere while this device changed them, found by a round and not yet reported.
    private var deletedToReport: [DeletedWhileChanged] = []

    /// An engine syncing over `link`.
    public init(link: SyncLink) {
        self.link = link
        (events, send) = AsyncStream.makeStream(of: SyncMachine.Event.self)
    }

    /// Tells the engine this device recorded a change.
    public nonisolated func localChange() { send.yield(.localChange) }

    /// Asks for a round now, also after syncing stopped on an error.
    public nonisolated func syncNow() { send.yield(.syncRequested) }

    /// Runs until cancelled, calling `report` with the status after every step.
    public func run(report: @escaping @Sendable (SyncStatus) -> Void) async {
        send.yield(.start)
        defer {
            live?.cancel()
            for task in tasks { task.cancel() }
        }
        for await event in events {
            if Task.isCancelled { break }
            let effects = machine.handle(event)
            for effect in effects { perform(effect) }
            let stopped = if case .stopped = machine.phase { true } else { false }
            report(
                SyncStatus(
                    phase: machine.phase, pending: (try? link.database.pendingCount()) ?? 0,
                    lastError: machine.lastError, liveBlocked: machine.liveBlocked,
                    tokenRefused: stopped && ((try? link.database.syncRecord().tokenRefused) ?? false),
                    deletedWhileChanged: deletedToReport))
            deletedToReport = []
        }
    }

    private func perform(_ effect: SyncMachine.Effect) {
        tasks.removeAll { $0.isCancelled }
        switch effect {
        case .runRound:
            let (link, send) = (link, send)
            tasks.append(
                Task {
                    let (event, deleted) = await Self.round(link)
                    // Noted before the event is sent, so the status that follows the round carries it.
                    if !deleted.isEmpty { self.noteDeleted(deleted) }
                    send.yield(event)
                })
        case .openLive:
            let (link, send) = (link, send)
            live = Task {
                do {
                    for try await head in link.heads() { send.yield(.liveHead(head)) }
                } catch {}
                if !Task.isCancelled { send.yield(.liveClosed) }
            }
        case .closeLive:
            live?.cancel()
            live = nil
        case .scheduleRetry(let attempt):
            let (clock, send) = (link.environment.clock, send)
            let delay = Backoff.delay(attempt: attempt, random: link.environment.random())
            tasks.append(
                Task {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    send.yield(.retryDue)
                })
        case .schedulePoll:
            let (clock, send) = (link.environment.clock, send)
            tasks.append(
                Task {
                    guard (try? await clock.sleep(for: SyncMachine.blockedPoll)) != nil else { return }
                    send.yield(.pollDue)
                })
        }
    }

    private func noteDeleted(_ cards: [DeletedWhileChanged]) {
        deletedToReport += cards
    }

    /// One round, as the event that reports it, with the cards it found deleted under this
    /// device's changes.
    private static func round(_ link: SyncLink) async -> (SyncMachine.Event, [DeletedWhileChanged]) {
        do {
            let report = try await link.round()
            let cursor = (try? link.database.syncRecord().cursor) ?? report.head
            return (.roundSucceeded(head: report.head, cursor: cursor), report.deletedWhileChanged)
        } catch let problem as SyncProblem {
            return (.roundFailed(message: problem.description, retryable: !problem.stops), [])
        } catch {
            // The board's own database failed: nothing the server does will fix it.
            try? link.database.recordSyncFailure("\(error)", stopped: true)
            return (.roundFailed(message: "\(error)", retryable: false), [])
        }
    }
}
