public import PMServer
import PostgresNIO

extension PostgresSyncRepository: DatabaseHealthChecking {
    /// PostgreSQL answers a query (``HealthCheck`` bounds how long this may take).
    public func databaseProblem() async -> String? {
        do {
            _ = try await client.query("SELECT 1", logger: logger).collect()
            return nil
        } catch {
            return "PostgreSQL does not answer: \(String(reflecting: error).prefix(200))"
        }
    }
}
