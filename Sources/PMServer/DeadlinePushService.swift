public import Logging
public import ServiceLifecycle

/// Sends deadline notifications (``DeadlinePushes``) every ``period`` as one of the
/// application's services, beside the server and never in a request's way, until a graceful
/// shutdown. A round that fails is logged and tried again at the next period.
public struct DeadlinePushService<Repository: PushSubscriptionRepository>: Service {
    /// How often the store is looked at: a card falls due at a given minute of the day.
    public static var period: Duration { .seconds(60) }

    private let pushes: DeadlinePushes<Repository>
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let ready: @Sendable () async -> Void

    /// The service of `pushes`, waiting on `clock` between rounds; the first round waits for
    /// `ready` to return (the store migrated, the server about to listen).
    public init(
        pushes: DeadlinePushes<Repository>, clock: any Clock<Duration>, logger: Logger,
        ready: @escaping @Sendable () async -> Void = {}
    ) {
        self.pushes = pushes
        self.clock = clock
        self.logger = logger
        self.ready = ready
    }

    public func run() async {
        await cancelWhenGracefulShutdown {
            await ready()
            await repeatRounds()
        }
    }

    /// Runs a round now and one every ``period`` until cancelled.
    public func repeatRounds() async {
        while !Task.isCancelled {
            do {
                let summary = try await pushes.sendDue()
                if summary != DeadlinePushes<Repository>.Summary() {
                    logger.info(
                        "deadline notifications sent",
                        metadata: [
                            "delivered": "\(summary.delivered)", "gone": "\(summary.gone)",
                            "failed": "\(summary.failed)",
                        ])
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("deadline notifications failed; retrying", metadata: ["error": "\(error)"])
            }
            do {
                try await clock.sleep(for: Self.period)
            } catch {
                return
            }
        }
    }
}
