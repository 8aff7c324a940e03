import Hummingbird
import Metrics
import PMServer
import Prometheus

/// The server's measures for operators and load tests: requests and latency by route (from
/// Hummingbird's metrics middleware), live connections, operations acknowledged and refused
/// requests by code (``PMServer``'s own), in Prometheus's text format at `/metrics`.
enum MetricsEndpoint {
    /// Bootstraps the process's metrics system on a Prometheus registry — once per process, at
    /// start-up — and answers the route that serves it.
    static func bootstrap() -> ServerAdditions {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return ServerAdditions(routes: [
            { routes in
                routes.get("/metrics") { _, _ in
                    Response(
                        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
                }
            }
        ])
    }
}
