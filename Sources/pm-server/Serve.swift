import ArgumentParser
import Hummingbird
import Logging
import PMServer

/// `pm-server serve`: answers clients until SIGTERM or SIGINT, finishing requests in flight.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the sync server.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.") var logLevel = "info"
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535, got \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        var logger = Logger(label: "pm-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        logger.info("database", metadata: ["path": "\(database.location)"])
        try await database.withRepository(logger: logger) { repository in
            try await serve(repository, logger: logger)
        }
    }

    /// Answers clients from `repository` until SIGTERM or SIGINT.
    func serve(_ repository: some SyncRepository, logger: Logger) async throws {
        let live = LiveHeads()
        let application = buildApplication(
            repository: repository,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "pm-server"),
            logger: logger, live: live, openAPIDocument: OpenAPIDocument.yaml)
        // Other processes' pushes reach this one's live connections through the store (LISTEN
        // on PostgreSQL); the follower stops with the server.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await live.follow(repository, logger: logger) }
            try await application.runService()
            group.cancelAll()
        }
    }
}
