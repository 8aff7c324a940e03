public import Logging

/// Connection pools' `run()`s for a one-shot use (a command's work, the check at start that
/// PostgreSQL answers), each in a task of its own so that their end is waited for only so long.
///
/// Why not children of a task group: a group waits for every child, and PostgresNIO 1.33's pool
/// has been seen not to end its `run()` once cancelled. `pm-server user add` on a cluster hung
/// for 13 minutes, parked with no connection open, while the chaos run set its users up
/// (docs/reliability.md). A command whose work is done, committed or refused, has nothing left
/// to wait for: its connections close with its process.
public struct PoolRun: Sendable {
    /// How long ``stop(within:clock:logger:)`` waits for the runs to end once cancelled: closing
    /// idle connections takes milliseconds.
    public static let stopLimit: Duration = .seconds(3)

    private let tasks: [Task<Void, Never>]

    /// Starts each of `runs` (a pool's `run()`) at once.
    public init(_ runs: [@Sendable () async -> Void]) {
        tasks = runs.map { run in Task { await run() } }
    }

    /// Cancels the runs, which makes a pool close its connections and fail what waits for one.
    public func cancel() {
        for task in tasks { task.cancel() }
    }

    /// Cancels the runs and waits for them to end, at most `limit` on `clock`; says whether they
    /// did. A run that outlives the limit is left behind, and a warning says so.
    @discardableResult
    public func stop(within limit: Duration = stopLimit, clock: any Clock<Duration>, logger: Logger) async -> Bool {
        cancel()
        let tasks = self.tasks
        do {
            try await withinLimit(limit, clock: clock) {
                for task in tasks { await task.value }
            }
            return true
        } catch {
            logger.warning(
                "the PostgreSQL connection pool did not close within its limit; the command goes on without it",
                metadata: ["limit": "\(limit)"])
            return false
        }
    }

    /// Runs `body` while `run` (a pool's `run()`) runs, then stops the run
    /// (``stop(within:clock:logger:)``) whether `body` returned or threw.
    public static func whileRunning<Value>(
        _ run: @escaping @Sendable () async -> Void, clock: any Clock<Duration>, logger: Logger,
        _ body: () async throws -> Value
    ) async throws -> Value {
        let pool = PoolRun([run])
        let outcome = await Result { try await body() }
        await pool.stop(clock: clock, logger: logger)
        return try outcome.get()
    }
}
