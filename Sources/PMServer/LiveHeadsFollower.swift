public import Logging
public import PMSyncProtocol
public import ServiceLifecycle

/// Publishes into ``LiveHeads`` the board heads that other processes announce through the
/// store (``SyncRepository/followHeads(_:)``), as one of the application's services: it
/// reconnects after a failure with the sync engine's kind of backoff, on the injected clock,
/// and ends with a graceful shutdown or when the store says there is nothing to follow.
public struct LiveHeadsFollower: Service {
    /// Where a lost connection to the store is retried: soon, since live boards miss other
    /// processes' pushes meanwhile, and never slower than every five seconds.
    public static let backoff = ExponentialBackoff(base: .milliseconds(100), cap: .seconds(5))

    private let live: LiveHeads
    private let followHeads: @Sendable (@escaping @Sendable (BoardName, Int64) -> Void) async throws -> Void
    private let clock: any Clock<Duration>
    private let random: @Sendable () -> Double
    private let logger: Logger

    /// A follower of `repository`'s announcements. `random` draws the backoff's jitter in `0..<1`.
    public init(
        live: LiveHeads, repository: some SyncRepository, clock: any Clock<Duration>,
        random: @escaping @Sendable () -> Double, logger: Logger
    ) {
        self.init(
            live: live, followHeads: { try await repository.followHeads($0) }, clock: clock, random: random,
            logger: logger)
    }

    /// A follower of any source of announcements: `followHeads` passes each board head it hears
    /// of to its argument until it returns or throws.
    public init(
        live: LiveHeads,
        followHeads: @escaping @Sendable (@escaping @Sendable (BoardName, Int64) -> Void) async throws -> Void,
        clock: any Clock<Duration>, random: @escaping @Sendable () -> Double, logger: Logger
    ) {
        self.live = live
        self.followHeads = followHeads
        self.clock = clock
        self.random = random
        self.logger = logger
    }

    /// Follows until a graceful shutdown. A store with nothing to follow returns at once; the
    /// service then waits for the shutdown, since a service that ends stops the whole group.
    public func run() async {
        await cancelWhenGracefulShutdown { await follow() }
        try? await gracefulShutdown()
    }

    /// Follows until cancelled or until the store returns, retrying each failure after
    /// ``backoff``'s pause for the failures in a row so far.
    func follow() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await followHeads { board, head in live.publish(board: board, head: head) }
                return
            } catch {
                if Task.isCancelled { return }
                failures += 1
                let pause = Self.backoff.delay(attempt: failures, random: random())
                logger.warning(
                    "following board heads failed; retrying", metadata: ["error": "\(error)", "pause": "\(pause)"])
                do {
                    try await clock.sleep(for: pause)
                } catch {
                    return
                }
            }
        }
    }
}
