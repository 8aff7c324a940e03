import Foundation
import PMServerPostgres
import PostgresNIO
import Testing

/// The PostgreSQL server `bash scripts/test` starts, named by `PM_TEST_POSTGRES_URL`: each test
/// gets a database of its own, dropped afterwards.
enum PostgresTestDatabase {
    static let url = ProcessInfo.processInfo.environment["PM_TEST_POSTGRES_URL"]

    /// Whether the tests can run here: with a server, or in CI, where its absence must fail
    /// them rather than skip them.
    static let isAvailable = url != nil || ProcessInfo.processInfo.environment["CI"] != nil

    static let skipMessage: Comment = "PM_TEST_POSTGRES_URL is unset: run `bash scripts/test`, which starts PostgreSQL"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "PM_TEST_POSTGRES_URL is unset in CI: the PostgreSQL tests must not be skipped" }
    }

    static let logger = Logger(label: "pm-server-postgres-tests")

    /// Runs `body` with the URL of a fresh, empty database.
    static func withFreshDatabase<Result: Sendable>(_ body: (String) async throws -> Result) async throws -> Result {
        guard let url else { throw Missing() }
        let name = "pm_test_\(UInt64.random(in: 0 ... .max))"
        try await administer(url) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) }
        let result: Result
        do {
            result = try await body(replacingDatabase(of: url, with: name))
        } catch {
            try? await administer(url) {
                try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))
            }
            throw error
        }
        try await administer(url) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)")) }
        return result
    }

    /// Runs `body` with a repository on a fresh database.
    static func withFreshRepository<Result: Sendable>(
        _ body: (PostgresSyncRepository) async throws -> Result
    ) async throws -> Result {
        try await withFreshDatabase { url in
            try await PostgresSyncRepository.withRepository(url: url, clock: ContinuousClock(), logger: logger, body)
        }
    }

    /// Runs `body` with a client on `url`, running for the body's duration.
    static func withClient<Result: Sendable>(
        _ url: String, _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(
            configuration: try .init(url: url), backgroundLogger: PostgresSyncRepository.backgroundLogger(logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    private static func administer(_ url: String, _ body: (PostgresClient) async throws -> Void) async throws {
        try await withClient(url, body)
    }

    static func replacingDatabase(of url: String, with name: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + name
        return components.string!
    }
}
