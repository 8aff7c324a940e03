import ArgumentParser
import Foundation
import Logging
import PMServer
import PMServerPostgres
import PMServerSQLite

/// Where the server keeps its data: a SQLite file, or a PostgreSQL database given by URL.
struct DatabaseOptions: ParsableArguments {
    @Option(
        help: """
            The SQLite database file, or a PostgreSQL URL postgres://USER:PASS@HOST:PORT/DB \
            (default: $XDG_DATA_HOME/projectmanager/pm-server.sqlite).
            """)
    var database: String?

    /// Whether `--database` names a PostgreSQL database.
    var isPostgres: Bool { database.map(PostgresSyncRepository.isURL) ?? false }

    /// The path given, else the one in the XDG data directory (`~/.local/share` when unset).
    var path: String {
        if let database { return database }
        let environment = ProcessInfo.processInfo.environment
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/projectmanager/pm-server.sqlite"
    }

    /// Where the data is, as logged: a PostgreSQL URL without its password.
    var location: String {
        guard isPostgres, var components = URLComponents(string: path) else { return path }
        if components.password != nil { components.password = "***" }
        return components.string ?? path
    }

    func validate() throws {
        if isPostgres { try PostgresSyncRepository.validate(url: path) }
    }

    /// Runs `body` with the repository, open for the body's duration.
    func withRepository<Result: Sendable>(
        logger: Logger = Logger(label: "pm-server"), _ body: (any SyncRepository) async throws -> Result
    ) async throws -> Result {
        if isPostgres {
            return try await PostgresSyncRepository.withRepository(url: path, logger: logger) { try await body($0) }
        }
        return try await body(SQLiteSyncRepository.open(path: path))
    }
}
