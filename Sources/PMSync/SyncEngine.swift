public import Foundation
public import PMStore

/// What the board shows of sync.
public struct SyncStatus: Hashable, Sendable {
    /// Where the engine stands.
    public var phase: SyncMachine.Phase
    /// Changes of this device the server has not acknowledged.
    public var pending: Int
    /// The last error, while offline or stopped.
    public var lastError: String?

    /// A status from its parts.
    public init(phase: SyncMachine.Phase, pending: Int, lastError: String? = nil) {
        self.phase = phase
        self.pending = pending
        self.lastError = lastError
    }
}

/// The sync engine of a long-running process (the board): it runs ``SyncMachine`` against the
/// real world, rounds through ``SyncRound``, news through the transport's live connection,
/// waits on an injected clock and jitter from an injected source of randomness.
public actor SyncEngine {
    private let database: AppDatabase
    private let transport: any SyncTransport
    private let clock: any Clock<Duration>
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date
    private var machine = SyncMachine()
    private var live: Task<Void, Never>?
    private var tasks: [Task<Void, Never>] = []
    private let events: AsyncStream<SyncMachine.Event>
    private let send: AsyncStream<SyncMachine.Event>.Continuation

    /// An engine for `database` through `transport`.
    public init(
        database: AppDatabase, transport: any SyncTransport, clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.transport = transport
        self.clock = clock
        self.random = random
        self.now = now
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
            report(
                SyncStatus(
                    phase: machine.phase, pending: (try? database.pendingCount()) ?? 0, lastError: machine.lastError))
        }
    }

    private func perform(_ effect: SyncMachine.Effect) {
        tasks.removeAll { $0.isCancelled }
        switch effect {
        case .runRound:
            let (database, transport, send, now) = (database, transport, send, now)
            tasks.append(
                Task {
                    try? database.recordSyncAttempt(at: now())
                    do {
                        let report = try await SyncRound(database: database, transport: transport).run()
                        try? database.recordSyncSuccess(at: now())
                        let cursor = (try? database.syncRecord().cursor) ?? report.head
                        send.yield(.roundSucceeded(head: report.head, cursor: cursor))
                    } catch {
                        let retryable = (error as? SyncTransportError)?.isRetryable ?? false
                        try? database.recordSyncFailure("\(error)", stopped: !retryable)
                        send.yield(.roundFailed(message: "\(error)", retryable: retryable))
                    }
                })
        case .openLive:
            let (transport, send) = (transport, send)
            live = Task {
                do {
                    for try await head in transport.heads() { send.yield(.liveHead(head)) }
                } catch {}
                if !Task.isCancelled { send.yield(.liveClosed) }
            }
        case .closeLive:
            live?.cancel()
            live = nil
        case .scheduleRetry(let attempt):
            let (clock, send) = (clock, send)
            let delay = Backoff.delay(attempt: attempt, random: random())
            tasks.append(
                Task {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    send.yield(.retryDue)
                })
        }
    }
}
