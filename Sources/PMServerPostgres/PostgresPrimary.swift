public import Logging
public import PostgresNIO
public import ServiceLifecycle

/// The connection pool a repository works through: for a URL of one host, that host's
/// `PostgresClient`, exactly as before; for a list of a cluster's hosts, the client of whichever
/// node accepts writes, found by probing them (``ClusterPrimary``) and found again when it fails,
/// without a restart. A service: its `run()` must be running while the repository is used.
public final class PostgresPrimary: Service, Sendable {
    private enum Nodes: Sendable {
        case one(PostgresClient)
        case cluster(ClusterPrimary)
    }

    private let nodes: Nodes

    /// The pool of `client`, a single host's.
    public init(client: PostgresClient) {
        nodes = .one(client)
    }

    /// The pool of the database at `url`: one client for one host, the primary's among several.
    public init(url: PostgresURL, clock: any Clock<Duration>, logger: Logger) {
        let background = PostgresSyncRepository.backgroundLogger(logger)
        if url.hosts.count == 1 {
            nodes = .one(
                PostgresClient(configuration: url.configuration(for: url.hosts[0]), backgroundLogger: background))
        } else {
            nodes = .cluster(ClusterPrimary(url: url, clock: clock, logger: logger))
        }
    }

    /// Runs the pool (and, for a cluster, the search for its primary) until cancelled or a
    /// graceful shutdown.
    public func run() async {
        switch nodes {
        case .one(let client): await client.run()
        case .cluster(let cluster): await cancelWhenGracefulShutdown { await cluster.run() }
        }
    }

    /// Runs `query` on the primary; a failure that means the primary is lost sets off the search
    /// for the new one and is rethrown (``PostgresSyncRepository/storageUnavailableReason(_:)``
    /// answers it 503).
    @discardableResult
    public func query(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        switch nodes {
        case .one(let client):
            return try await client.query(query, logger: logger)
        case .cluster(let cluster):
            let client = try await cluster.client()
            do {
                return try await client.query(query, logger: logger)
            } catch {
                cluster.failed(error)
                throw error
            }
        }
    }

    /// Runs `body` with a connection to the primary, as ``query(_:logger:)`` runs a query.
    public func withConnection<Result: Sendable>(
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        switch nodes {
        case .one(let client):
            return try await client.withConnection(body)
        case .cluster(let cluster):
            let client = try await cluster.client()
            do {
                return try await client.withConnection(body)
            } catch {
                cluster.failed(error)
                throw error
            }
        }
    }
}
