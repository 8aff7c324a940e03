import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PMDAV
import PMServer
import PMServerPostgres
import PMServerSQLite
import PMWeb
import PMWebPush
import ServiceLifecycle
import UnixSignals

/// `pm-server serve`: answers clients until SIGTERM or SIGINT, finishing requests in flight.
struct Serve: StartedCommand {
    static let configuration = CommandConfiguration(abstract: "Run the sync server.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.") var logLevel = "info"
    @Option(
        help: """
            Wrong sign-ins allowed within a minute per address and user (or token), before that \
            address's further attempts for that user (or token) are answered 429; past it per user \
            (or token) anywhere, and past four times it per address, wrong answers are slowed \
            down, never a right one; 0 turns the limit off.
            """)
    var signInLimit = 5
    @Option(
        help: """
            Seconds a pushed change's clock may be ahead of this server's: a change stamped further \
            ahead is refused (422 wallTimeAhead), so no device's clock can be carried into the future.
            """)
    var clockSkew = 300
    @Option(
        help: """
            Seconds a client has to send a whole request (a new connection its first request, every \
            request its body) before the connection is closed.
            """)
    var requestTimeout = Int(defaultRequestTimeout.components.seconds)
    @Option(help: "Live connections (WebSockets) one user may hold open at once.")
    var liveConnectionsPerUser = LiveConnectionLimits.defaultPerUser
    @Option(help: "Live connections (WebSockets) one client address may hold open at once.")
    var liveConnectionsPerAddress = LiveConnectionLimits.defaultPerAddress
    @Option(
        help: ArgumentHelp(
            "Serve HTTPS with this PEM certificate (the server's first, then any intermediate ones); needs --tls-key.",
            valueName: "file"))
    var tlsCertificate: String?
    @Option(
        help: ArgumentHelp(
            "The PEM private key of --tls-certificate. SIGHUP reads both files again.", valueName: "file"))
    var tlsKey: String?
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var push: PushOptions
    @Option(
        help: """
            The address people use for this server, such as https://pm.example.org (behind a proxy, \
            the proxy's): the first-run link shows it, and requests naming another host are \
            refused (421), so a web page on another name cannot reach the server through DNS.
            """)
    var publicURL: String?
    @Option(
        help: """
            Further host names requests may give, comma-separated, beside --public-url's (which \
            turns the check on; loopback names are always allowed).
            """)
    var allowedHosts: String?
    @Option(
        help: """
            Addresses of reverse proxies whose X-Forwarded-Proto and X-Forwarded-For are believed, \
            comma-separated; "none" for none. From any other client both headers are ignored.
            """)
    var trustedProxies = RequestSources.defaultTrustedProxies.sorted().joined(separator: ",")
    @Option(
        help: """
            A file of settings, one "name = value" a line (names as these options', without --); an \
            option beats the environment (PM_SERVER_PORT for --port), which beats the file.
            """)
    var config: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535, got \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
        guard signInLimit >= 0 else { throw ValidationError("--sign-in-limit must be 0 or more, got \(signInLimit)") }
        if let publicURL { try PublicAddress.check(publicURL, option: "--public-url") }
        guard (1...86_400).contains(clockSkew) else {
            throw ValidationError("--clock-skew must be 1–86400 seconds, got \(clockSkew)")
        }
        guard (1...3600).contains(requestTimeout) else {
            throw ValidationError("--request-timeout must be 1–3600 seconds, got \(requestTimeout)")
        }
        guard liveConnectionsPerUser >= 1, liveConnectionsPerAddress >= 1 else {
            throw ValidationError("--live-connections-per-user and --live-connections-per-address must be 1 or more")
        }
        _ = try requestSources()
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-certificate and --tls-key go together: give both to serve HTTPS, or neither")
        }
    }

    func run(_ startUp: StartUp) async throws {
        var logger = Logger(label: "pm-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        // Read before the store is opened: files that are wrong stop the server having changed nothing.
        let certificate = try Self.certificate(certificatePath: tlsCertificate, keyPath: tlsKey, logger: logger)
        let store = database.store(startUp)
        logger.info("database", metadata: ["path": "\(store.location)"])
        switch store {
        case .sqlite(let path):
            let repository: SQLiteSyncRepository
            do {
                repository = try ServerStore.openSQLite(path: path, creating: true, logger: logger)
            } catch {
                throw SQLiteErrorText.explained(error, path: path)
            }
            try await serve(repository, certificate: certificate, startUp: startUp, logger: logger)
        case .postgres(let url):
            // The pool runs as one of the application's services and the schema is migrated
            // once it is up, before the server accepts its first request. Whether PostgreSQL
            // answers is asked first, before any service traps SIGTERM, within seconds.
            try await PostgresSyncRepository.checkReachable(url: url, clock: startUp.clock, logger: logger)
            let repository = try PostgresSyncRepository(url: url, clock: startUp.clock, logger: logger)
            try await serve(
                repository, services: [repository.client], beforeServerStarts: repository.migrate,
                certificate: certificate, startUp: startUp, logger: logger)
        }
    }

    /// Answers clients from `repository` until SIGTERM or SIGINT, with `services` running beside
    /// the server; over HTTPS with `certificate`, which SIGHUP reads again.
    func serve(
        _ repository: some CalendarTextRepository & PushSubscriptionRepository, services: [any Service] = [],
        beforeServerStarts: (@Sendable () async throws -> Void)? = nil, certificate: ServerCertificate?,
        startUp: StartUp, logger: Logger
    ) async throws {
        let live = LiveHeads()
        // Other processes' pushes reach this one's live connections through the store (LISTEN
        // on PostgreSQL); the follower stops with the server.
        let follower = LiveHeadsFollower(
            live: live, repository: repository, clock: startUp.clock, random: startUp.random, logger: logger)
        let firstRun = Self.firstRun(repository, startUp: startUp)
        // One count of sign-in attempts for the web board's form, the API and CalDAV alike.
        let clock = startUp.clock
        let limiter = SignInLimiter(
            attempts: SignInAttempts(limit: signInLimit == 0 ? .max : signInLimit), now: startUp.now,
            pause: { seconds in try? await clock.sleep(for: .milliseconds(Int64(seconds * 1000))) }, logger: logger)
        let web = WebBoard(
            repository: repository, resources: Self.webResources(logger: logger),
            signIn: SignInCheck(repository: repository), now: startUp.now, randomBytes: startUp.secureBytes,
            limiter: limiter, firstRun: firstRun)
        var reloader: [any Service] = []
        if let certificate {
            reloader = [
                CertificateReloader(
                    certificate: certificate, signals: await UnixSignalsSequence(trapping: .sighup), logger: logger)
            ]
        }
        let link =
            publicURL.map(firstRun.link(publicURL:))
            ?? firstRun.link(host: host, port: port, secure: certificate != nil)
        let skew = ClockSkew(milliseconds: Int64(clockSkew) * 1000, now: startUp.now)
        // Deadline notifications go out beside the server once the store is migrated and the
        // VAPID key made (at the first start), never in a request's way.
        let pushKeys = WebPushKeys(repository: repository)
        let (storeReady, storeReadyContinuation) = AsyncStream<Void>.makeStream()
        let deadlinePushes = DeadlinePushService(
            pushes: push.pushes(
                repository: repository, keys: pushKeys, publicURL: publicURL, startUp: startUp, logger: logger),
            clock: clock, logger: logger, ready: { for await _ in storeReady {} })
        let application = buildApplication(
            repository: repository,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "pm-server"),
            logger: logger, live: live, openAPIDocument: Self.openAPIDocument(logger: logger),
            additions: MetricsEndpoint.bootstrap().merging(web.additions).merging(
                CalDAV.additions(
                    repository: repository, live: live, environment: startUp.environment,
                    signInLimiter: limiter, skew: skew.milliseconds)
            ).merging(WebPushRoutes.additions(repository: repository, keys: pushKeys, endpointSchemes: push.schemes)),
            requestTimeout: .seconds(requestTimeout),
            liveLimits: LiveConnectionLimits(perUser: liveConnectionsPerUser, perAddress: liveConnectionsPerAddress),
            signInLimiter: limiter, clockSkew: skew, health: HealthCheck(repository: repository, clock: startUp.clock),
            sources: try requestSources(),
            certificate: certificate, services: services + [follower, deadlinePushes] + reloader,
            beforeServerStarts: {
                try await beforeServerStarts?()
                _ = try await pushKeys.publicKey()
                storeReadyContinuation.finish()
                // Asked once the store is migrated: a server with nobody to sign in yet offers
                // the one-time link that makes the first user and board in the browser.
                if try await !repository.hasUsers() { Self.announceFirstRun(link) }
            })
        do {
            try await application.runService()
        } catch {
            throw ListenError(error, host: host, port: port) ?? error
        }
        // The README promises a line per stop, as per start: a supervisor's log shows the gap.
        logger.notice("stopped")
    }

    /// The certificate to serve HTTPS with, when both files are given; a file that is wrong
    /// stops the server before it listens, with a message naming it.
    static func certificate(certificatePath: String?, keyPath: String?, logger: Logger) throws -> ServerCertificate? {
        guard let certificatePath, let keyPath else { return nil }
        let certificate = try ServerCertificate(certificatePath: certificatePath, keyPath: keyPath)
        logger.info(
            "serving HTTPS",
            metadata: [
                "certificate": "\(certificatePath)", "serial": "\(certificate.serial)",
                "expires": "\(certificate.expiry)",
            ])
        return certificate
    }

    /// The web board's files beside the executable; a binary copied away from them still
    /// serves the API and sign-in, and says so.
    static func webResources(logger: Logger) -> WebResources {
        if let resources = WebResources.bundled() { return resources }
        logger.warning("the web board's files are not among the resources; not serving them")
        return WebResources(root: URL(fileURLWithPath: "/nonexistent-pm-web-resources"))
    }

    /// Prints the first-run link on standard output, flushed at once so that whoever started the
    /// server (a person, a script reading its output) sees it.
    static func announceFirstRun(_ link: String) {
        let line =
            "No user yet: open \(link) to make the first user and board "
            + "(the link works once, until the server stops).\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// The document served at `/openapi.yaml`; a binary copied away from its resources serves
    /// everything else without it rather than refusing to start.
    static func openAPIDocument(logger: Logger) -> String? {
        do {
            return try OpenAPIDocument.text()
        } catch {
            logger.warning("openapi.yaml is not among the resources; not serving it", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
