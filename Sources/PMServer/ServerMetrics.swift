import Metrics

/// The server's own measures, beside the requests and latencies by route that Hummingbird's
/// `MetricsMiddleware` records. They go to whatever metrics backend the executable bootstrapped
/// (`pm-server` serves Prometheus's text at `/metrics`); with none, they cost nothing.
enum ServerMetrics {
    /// Live WebSocket connections open now.
    private static let liveConnections = Meter(label: "pm_live_connections")
    /// Operations acknowledged to a push (one sent again after a lost answer counts again).
    private static let operationsAcknowledged = Counter(label: "pm_operations_acknowledged_total")

    /// Counts `count` operations acknowledged to a push.
    static func acknowledged(_ count: Int) { operationsAcknowledged.increment(by: count) }

    /// Runs `body`, a live connection, counted as open while it runs.
    static func whileLive<T>(_ body: () async throws -> T) async rethrows -> T {
        liveConnections.increment()
        defer { liveConnections.decrement() }
        return try await body()
    }

    /// Counts a refused request by its route and its error code (`titleLength`,
    /// `unauthorized`, `storageUnavailable`, …), so refused pushes can be told apart.
    static func refused(route: String, code: String) {
        Counter(label: "pm_requests_refused_total", dimensions: [("route", route), ("code", code)]).increment()
    }
}
