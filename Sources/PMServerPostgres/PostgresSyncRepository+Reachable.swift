import Foundation
public import Logging
import PostgresNIO

extension PostgresSyncRepository {
    /// How long a command waits for PostgreSQL to answer at start before it gives up: the pool
    /// itself keeps retrying a refused or unanswered connection for over a minute, saying nothing.
    public static let reachLimit: Duration = .seconds(10)

    /// Returns once the database at `url` answers a query (any of its hosts, for a cluster's
    /// list), or throws ``PostgresUnreachableError`` naming its hosts and ports after `limit` on
    /// `clock`: why a host refused the connection (a wrong password, an unknown database), at
    /// once when every host did. Runs before any service is started, so SIGTERM meanwhile ends
    /// the process at once.
    public static func checkReachable(
        url: String, within limit: Duration = reachLimit, clock: any Clock<Duration>, logger: Logger
    ) async throws {
        let parsed = try PostgresURL(url)
        let place = parsed.hosts.map(\.description).joined(separator: ",")
        let clients = parsed.hosts.map {
            PostgresClient(configuration: parsed.configuration(for: $0), backgroundLogger: backgroundLogger(logger))
        }
        // The pools run in tasks of their own (PoolRun): cancelled as soon as one host answers or
        // the limit passes, they fail what still waits on them, and are waited for only so long.
        let pools = PoolRun(clients.map { client in { await client.run() } })
        let answer = await Result {
            // The first host to answer decides, without waiting for the others' queries: a host
            // still starting up, or one whose pool retries a refused connection, may not end its
            // query even once its pool is cancelled.
            try await firstSuccess(
                of: clients.map { client in
                    {
                        do {
                            try await client.query("SELECT 1", logger: logger)
                        } catch let error as PSQLError {
                            throw PostgresUnreachableError(place: place, reason: error.serverInfo?[.message])
                        }
                    }
                }, within: limit, clock: clock)
        }
        await pools.stop(clock: clock, logger: logger)
        if case .failure(let reached as LimitReached) = answer {
            throw PostgresUnreachableError(place: place, limit: reached.limit)
        }
        try answer.get()
    }
}

/// PostgreSQL did not answer at start: said with its host and port and what to check.
public struct PostgresUnreachableError: Error, CustomStringConvertible {
    public let description: String

    init(place: String, limit: Duration) {
        description =
            "PostgreSQL at \(place) did not accept a connection within \(limit.components.seconds) s: check that it "
            + "runs there (the host and port of --database), that no firewall drops connections, and the user, "
            + "password and database of --database"
    }

    init(place: String, reason: String?) {
        description =
            "PostgreSQL at \(place) refused the connection"
            + (reason.map { ": \($0)" } ?? "; check the user, password and database of --database")
    }
}
