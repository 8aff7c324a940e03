public import Foundation
public import PMDomain
public import PMStore

/// This device's way to its remote, and what sync does over it wherever it runs: `pm sync`'s
/// round and the board engine's, the push right after a command, and `pm status`'s probe. Each
/// records its outcome in the database and sorts and words every failure through
/// ``SyncProblem``, so the board and the command line say the same thing the same way.
public struct SyncLink: Sendable {
    /// Makes a transport whose requests may each take `timeout`. Called only when a request is
    /// about to go, so a command that ends up sending nothing never builds a network client.
    public typealias Connect = @Sendable (_ timeout: Duration) -> any SyncTransport

    /// How long one request of a round may wait for its answer to begin, and then for each
    /// next part of it: a large answer that keeps coming is read to its end however long it
    /// takes, as a server that stops sending is given up on.
    public static let requestTimeout: Duration = .seconds(10)
    /// The most a command waits for the server when it pushes its change.
    public static let pushLimit: Duration = .seconds(1)
    /// The most the status probe may take.
    public static let probeLimit: Duration = .seconds(2)
    /// How long a round that began and has not ended counts as running, rather than cut off.
    public static let roundLength: TimeInterval = 30

    /// The board on this device.
    public let database: AppDatabase
    /// The server, board and token it syncs with.
    public let remote: Remote
    /// The wall time outcomes are recorded at, and the clock limits and retries run on.
    public let environment: Environment
    let connect: Connect

    /// The link of `database` to `remote`, reached through the transports `connect` makes.
    public init(database: AppDatabase, remote: Remote, environment: Environment, connect: @escaping Connect) {
        self.database = database
        self.remote = remote
        self.environment = environment
        self.connect = connect
    }

    /// Runs one full round now, recording when it began and, if it got through, when it ended.
    /// Throws a ``SyncProblem``, already recorded (stopping sync when retrying cannot help), when
    /// the server could not be reached or refused; any other error (the store's) as it is.
    /// `progress`, if given, hears after every page how far receiving has come.
    /// A token the server refused is not sent again: the round fails at once with the same
    /// problem, until `pm remote set` gives a new token.
    public func round(progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws -> SyncReport {
        if try database.syncRecord().tokenRefused { throw SyncProblem.tokenRefused(remote) }
        let round = SyncRound(database: database, transport: connect(Self.requestTimeout), progress: progress)
        try database.recordSyncAttempt(at: environment.now())
        // Read before the round: a delete it pulls in may have been made without seeing these.
        let changed = try database.cardsChangedSinceLastPull()
        var report: SyncReport
        do {
            report = try await round.run()
        } catch {
            throw try record(error)
        }
        try database.recordSyncSuccess(at: environment.now())
        report.deletedWhileChanged = try database.deletedByOthers(among: changed)
        return report
    }

    /// After a command changed the board: sends what waits within ``pushLimit``, unless nothing
    /// waits or syncing stopped. Never fails the command: being offline is recorded and the
    /// changes wait for the next push or round. Returns the problem only when it stops syncing
    /// (a revoked token, a removed board), the one thing the user must hear about now.
    public func pushAfterChange() async -> SyncProblem? {
        guard let record = try? database.syncRecord(), !record.stopped, record.pending > 0 else { return nil }
        let round = SyncRound(database: database, transport: connect(Self.pushLimit))
        do {
            _ = try await TimeLimit.run(within: Self.pushLimit, clock: environment.clock) {
                try await round.pushOutbox()
            }
            return nil
        } catch {
            guard let problem = try? self.record(error), problem.stops else { return nil }
            return problem
        }
    }

    /// The board's heads as the server announces them, for as long as the live connection lasts.
    public func heads() -> AsyncThrowingStream<Int64, any Error> {
        connect(Self.requestTimeout).heads()
    }

    /// `error` as a ``SyncProblem``, recorded in the database (stopping sync when retrying cannot
    /// help); an error that is not about the server is thrown again as it is, unrecorded.
    public func record(_ error: any Error) throws -> SyncProblem {
        guard let problem = SyncProblem(error, remote: remote) else { throw error }
        try database.recordSyncFailure(problem.description, stopped: problem.stops, tokenRefused: problem.tokenRefused)
        return problem
    }
}
