import ArgumentParser
import Foundation
import Logging
import PMServer
import PMServerPostgres
import PMServerSQLite
import PMStore

/// Where the server keeps its data: a SQLite file, or a PostgreSQL database given by URL.
struct DatabaseOptions: ParsableArguments {
    @Option(
        help: """
            The SQLite database file, or a PostgreSQL URL postgres://USER:PASS@HOST:PORT/DB, \
            or a cluster's postgres://USER:PASS@HOST1:PORT,HOST2:PORT,HOST3:PORT/DB, whose primary \
            is followed through failovers (default: $XDG_DATA_HOME/projectmanager/pm-server.sqlite).
            """)
    var database: String?

    func validate() throws {
        if database?.isEmpty == true {
            throw ValidationError("--database must name a SQLite file or a PostgreSQL URL, got an empty value")
        }
        if let database, PostgresSyncRepository.isURL(database) { try PostgresSyncRepository.validate(url: database) }
    }

    /// The store `--database` names, else the SQLite file in the data folder `pm` uses too.
    func store(_ startUp: StartUp) -> ServerStore {
        guard let database, !database.isEmpty else {
            let folder = DatabaseLocation.dataDirectory(environment: startUp.variables)
            return .sqlite(path: folder + "/pm-server.sqlite")
        }
        return PostgresSyncRepository.isURL(database) ? .postgres(url: database) : .sqlite(path: database)
    }

    /// Runs `body` with the repository of ``store(_:)``, waiting on the start-up clock (see
    /// ``ServerStore/withRepository(clock:logger:creating:_:)``).
    func withRepository<Result: Sendable>(
        _ startUp: StartUp, creating: Bool = false, _ body: (any SyncRepository) async throws -> Result
    ) async throws -> Result {
        try await store(startUp).withRepository(clock: startUp.clock, creating: creating, body)
    }
}

/// The store a server command works on.
enum ServerStore: Hashable, Sendable {
    /// A SQLite file, made with its folder on first use.
    case sqlite(path: String)
    /// A PostgreSQL database, migrated on first use.
    case postgres(url: String)

    /// Where the data is, as logged: a PostgreSQL URL without its password.
    var location: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url):
            // Read as libpq does, a list of hosts included, which URLComponents refuses.
            return (try? PostgresURL(url).redacted) ?? "a PostgreSQL URL that cannot be read"
        }
    }

    /// Runs `body` with the repository, open (and migrated) for the body's duration. A SQLite
    /// file that does not exist is made only when `creating` (the first run: `user add`, `serve`),
    /// and the operator is told; any other command refuses it, so a mistyped `--database` is not
    /// silently a new, empty server. A PostgreSQL server is waited for on `clock`.
    func withRepository<Result: Sendable>(
        clock: any Clock<Duration>, logger: Logger = Logger(label: "pm-server"), creating: Bool = false,
        _ body: (any SyncRepository) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite(let path):
            do {
                return try await body(Self.openSQLite(path: path, creating: creating, logger: logger))
            } catch {
                throw SQLiteErrorText.explained(error, path: path)
            }
        case .postgres(let url):
            // A one-shot command: no service to be told of SIGTERM yet.
            try await PostgresSyncRepository.checkReachable(url: url, clock: clock, logger: logger)
            return try await PostgresSyncRepository.withRepository(url: url, clock: clock, logger: logger) {
                try await body($0)
            }
        }
    }
}

extension ServerStore {
    /// Opens the SQLite file at `path` (see ``withRepository(logger:creating:_:)``), logging a new
    /// file and the copy kept before a schema upgrade.
    static func openSQLite(path: String, creating: Bool, logger: Logger) throws -> SQLiteSyncRepository {
        let isNew = !FileManager.default.fileExists(atPath: path)
        let repository = try SQLiteSyncRepository.open(path: path, creatingIfMissing: creating)
        if isNew { logger.notice("created a new database", metadata: ["path": "\(path)"]) }
        if let copy = repository.upgradeCopy {
            logger.notice("upgraded the database's schema; the copy from before is kept", metadata: ["copy": "\(copy)"])
        }
        if repository.reappliedCredentialChanges > 0 {
            // The database is older than its credential journal: it was restored from a backup.
            logger.notice(
                "re-applied revocations and password changes made after this database was copied",
                metadata: ["changes": "\(repository.reappliedCredentialChanges)"])
        }
        return repository
    }
}
