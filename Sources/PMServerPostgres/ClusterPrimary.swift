import Logging
import PostgresNIO

/// The primary among a cluster's nodes (a ``PostgresURL`` of several hosts): the one that says
/// it is not in recovery and not read-only. While it serves, a probe every ``Limits/probeEvery``,
/// and at once after a failure that means it may be lost, asks it again; a probe that fails, is
/// not answered within ``Limits/probeWithin`` or says it no longer takes writes drops its client,
/// which fails what is in flight on it, and the nodes are probed until one takes writes.
/// PostgresNIO's `PostgresClient` connects to one host, so there is one client per primary.
actor ClusterPrimary {
    /// How often and how patiently nodes are asked, and how long a request waits for a primary.
    struct Limits: Sendable {
        var probeEvery: Duration = .seconds(1)
        var probeWithin: Duration = .seconds(3)
        /// Short enough that a push caught in the switch is answered 503 before a device's own
        /// timeout, so the device sends it again rather than wonders.
        var waitForPrimary: Duration = .seconds(5)
    }

    let url: PostgresURL
    let clock: any Clock<Duration>
    let limits: Limits
    private let logger: Logger
    private var serving: (client: PostgresClient, host: PostgresURL.Host)?
    private nonisolated let events: AsyncStream<Void>
    private nonisolated let signal: AsyncStream<Void>.Continuation

    init(url: PostgresURL, clock: any Clock<Duration>, limits: Limits = Limits(), logger: Logger) {
        self.url = url
        self.clock = clock
        self.limits = limits
        self.logger = logger
        (events, signal) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The primary's client, waiting up to ``Limits/waitForPrimary`` while none is known.
    func client() async throws -> PostgresClient {
        var waited = Duration.zero
        while true {
            if let serving { return serving.client }
            guard waited < limits.waitForPrimary else { throw PostgresPrimaryUnavailable(hosts: url.hosts) }
            try await clock.sleep(for: .milliseconds(50))
            waited += .milliseconds(50)
        }
    }

    /// Told of a failed query: when it means the primary may be gone, it is asked again now.
    nonisolated func failed(_ error: any Error) {
        if Self.meansPrimaryLost(error) { signal.yield() }
    }

    /// Finds and serves the primary, again and again, until cancelled.
    func run() async {
        let ticker = Task { [clock, limits, signal] in
            while !Task.isCancelled {
                signal.yield()
                try? await clock.sleep(for: limits.probeEvery)
            }
        }
        var retired: [Task<Void, Never>] = []
        var running: Task<Void, Never>?
        for await _ in events {
            if let current = serving {
                if await probe(current.host) == true { continue }
                logger.warning(
                    "PostgreSQL primary lost; looking for the new one", metadata: ["host": "\(current.host)"])
                serving = nil
                running?.cancel()
                if let running { retired.append(running) }
                running = nil
            }
            guard let host = await locate() else { continue }
            let client = PostgresClient(
                configuration: url.configuration(for: host),
                backgroundLogger: PostgresSyncRepository.backgroundLogger(logger))
            running = Task { await client.run() }
            serving = (client, host)
            logger.notice("PostgreSQL primary found", metadata: ["host": "\(host)"])
        }
        ticker.cancel()
        serving = nil
        running?.cancel()
        for task in retired + [running].compactMap({ $0 }) { await task.value }
    }

    /// The first node, in the URL's order, that takes writes now.
    private func locate() async -> PostgresURL.Host? {
        let answers = await withTaskGroup(of: (Int, Bool?).self) { group in
            for (index, host) in url.hosts.enumerated() {
                group.addTask { (index, await self.probe(host)) }
            }
            var answers = [Bool?](repeating: nil, count: url.hosts.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        return answers.firstIndex(of: true).map { url.hosts[$0] }
    }

    /// Whether `host` takes writes: `nil` when it does not answer within ``Limits/probeWithin``.
    /// Each probe opens a connection of its own, since the primary's pool may be the thing stuck.
    private nonisolated func probe(_ host: PostgresURL.Host) async -> Bool? {
        var configuration = url.configuration(for: host)
        configuration.options.maximumConnections = 1
        configuration.options.keepAliveBehavior = nil
        configuration.options.connectTimeout = limits.probeWithin
        let client = PostgresClient(configuration: configuration, backgroundLogger: Self.quiet)
        return try? await withinLimit(limits.probeWithin, clock: clock) {
            await withTaskGroup(of: Bool?.self) { group in
                group.addTask {
                    await client.run()
                    return nil
                }
                group.addTask {
                    let rows = try? await client.query(
                        "SELECT pg_is_in_recovery(), current_setting('transaction_read_only')")
                    guard let rows, let answer = try? await rows.decode((Bool, String).self).first(where: { _ in true })
                    else { return false }
                    return !answer.0 && answer.1 == "off"
                }
                defer { group.cancelAll() }
                while let answer = await group.next() {
                    if let answer { return answer }
                }
                return false
            }
        }
    }

    /// A probe's refused connection is the expected answer of a dead node: not worth a log line.
    private static let quiet = Logger(label: "pm-server.postgres.probe", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Whether `error` may mean the primary is gone: its connection closed or broken, the
    /// server shutting down (57P01–57P03), read-only (25006, a demoted primary) or not
    /// reachable (class 08).
    static func meansPrimaryLost(_ error: any Error) -> Bool {
        if error is LimitReached || error is PostgresPrimaryUnavailable { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return ["57P01", "57P02", "57P03", "25006"].contains(state) || state.hasPrefix("08")
        case .connectionError, .serverClosedConnection, .uncleanShutdown:
            return true
        default:
            return false
        }
    }
}

/// No node of the cluster took writes while a request waited: a failover under way.
public struct PostgresPrimaryUnavailable: Error, CustomStringConvertible {
    let hosts: [PostgresURL.Host]

    public var description: String {
        "no PostgreSQL node of \(hosts.map(\.description).joined(separator: ", ")) takes writes now"
    }
}
