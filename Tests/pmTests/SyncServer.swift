import Foundation
import PMTestSupport
import Testing

/// A real `pm-server` on a SQLite file in a folder of its own, with a board `team` whose members
/// are `ada` and `bob`; it can be stopped with SIGTERM and started again on the same port and file.
final class SyncServer: @unchecked Sendable {
    static let board = "team"

    let folder: TemporaryFolder
    let port: Int
    /// The tokens `pm-server user add` printed.
    let adaToken: String
    let bobToken: String
    private let runner: PMRunner
    private var process: RunningPM?

    init() throws {
        runner = try PMRunner()
        folder = runner.folder
        port = try ServerProcess.freePort()
        adaToken = try Self.token(
            try runner.run(["user", "add", "ada"] + Self.database(runner), executable: Self.binary))
        bobToken = try Self.token(
            try runner.run(["user", "add", "bob"] + Self.database(runner), executable: Self.binary))
        let board = try runner.run(
            ["board", "add", Self.board, "--member", "ada", "--member", "bob"] + Self.database(runner),
            executable: Self.binary)
        try #require(board.status == 0, "board add: \(board.stderr)")
    }

    deinit { stop() }

    /// The certificate and key the server serves HTTPS with, when started with them.
    private(set) var tls: (certificate: String, key: String)?

    var url: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)" }

    /// The running server's process id.
    var processIdentifier: Int32? { process?.process.processIdentifier }

    /// What the running server has logged so far (standard error).
    var log: String {
        guard let process else { return "" }
        return (try? String(contentsOf: process.stderr, encoding: .utf8)) ?? ""
    }

    /// Whether the server is running.
    var isRunning: Bool { process?.process.isRunning ?? false }

    /// Runs a `pm-server` administration command on this server's file.
    func admin(_ arguments: [String]) throws -> PMResult {
        try runner.run(arguments + Self.database(runner), executable: Self.binary)
    }

    /// The server's pinned clock unless a test says otherwise: after every time the tests' devices
    /// pin, so no change of theirs is ahead of it (the server refuses changes stamped more than
    /// its skew ahead of its clock).
    static let defaultNow = "2026-11-22T00:00:00Z"

    /// Starts `pm-server serve` with its clock pinned at `now` and waits until it answers
    /// `/health`; over HTTPS with `tls`.
    func start(now: String = defaultNow, tls: (certificate: String, key: String)? = nil) async throws {
        let flags = tls.map { ["--tls-certificate", $0.certificate, "--tls-key", $0.key] } ?? []
        let process = try runner.start(
            ["serve", "--host", "127.0.0.1", "--port", "\(port)"] + flags + Self.database(runner), now: now,
            executable: Self.binary)
        self.process = process
        self.tls = tls
        if tls != nil {
            let healthy = try await TLSExchange.waitForHealth(port: port, isRunning: { process.process.isRunning })
            if !healthy {
                if process.process.isRunning {
                    process.process.terminate()
                    process.process.waitUntilExit()
                }
                let log = try process.result()
                Issue.record("pm-server did not answer /health over TLS: \(log.stdout)\(log.stderr)")
            }
            return
        }
        switch try await waitForHealth(port: port, isRunning: { process.process.isRunning }) {
        case .healthy: return
        case .exited:
            let log = try process.result()
            Issue.record("pm-server exited: \(log.stdout)\(log.stderr)")
        case .timedOut: Issue.record("pm-server did not answer /health within 20 s")
        }
    }

    /// Stops the server with SIGTERM, as an administrator would, and waits until it is gone.
    func stop() {
        guard let process, process.process.isRunning else { return }
        process.process.terminate()
        process.process.waitUntilExit()
    }

    private static func database(_ runner: PMRunner) -> [String] {
        ["--database", runner.path("pm-server.sqlite")]
    }

    private static func token(_ result: PMResult) throws -> String {
        try #require(result.status == 0, "user add: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `pm-server` binary, built beside `pm`.
    static let binary = PMRunner.binary.deletingLastPathComponent().appendingPathComponent("pm-server")
}

extension SyncServer {
    /// Two teammates' devices syncing with this server's board: ada's, with its clock at 09:00,
    /// and bob's at 09:30 (later, so that bob's changes win a tie on the same field), unless
    /// told otherwise.
    func adaAndBob(
        adaNow: String = "2026-11-21T09:00:00Z", bobNow: String = "2026-11-21T09:30:00Z"
    ) throws -> (ada: PMRunner, bob: PMRunner) {
        let ada = try PMRunner(now: adaNow)
        let bob = try PMRunner(now: bobNow)
        try ada.succeed(["remote", "set", url, "--board", Self.board, "--token", adaToken])
        try bob.succeed(["remote", "set", url, "--board", Self.board, "--token", bobToken])
        return (ada, bob)
    }

    /// ``adaAndBob(adaNow:bobNow:)`` with ada's card `Spec`, made at 09:00 and synced to both
    /// devices (ada at 09:01, bob at 09:30).
    func adaAndBobSharingACard() throws -> (ada: PMRunner, bob: PMRunner, card: Card) {
        let (ada, bob) = try adaAndBob()
        let card = try ada.add("Spec", now: "2026-11-21T09:00:00Z")
        try ada.succeed(["sync"], now: "2026-11-21T09:01:00Z")
        try bob.succeed(["sync"], now: "2026-11-21T09:30:00Z")
        return (ada, bob, card)
    }
}
