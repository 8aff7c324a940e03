import Foundation
import PMTestSupport
import Testing

/// The real `pm` board in tmux, syncing with a real `pm-server` on SQLite: what a second device
/// pushes shows up on an open board by itself.
@Suite(.serialized) struct BoardSyncEndToEndTests {
    /// Removed when Swift Testing releases the suite's instance after each test, pass or fail.
    let temporary: TemporaryFolder
    var folder: String { temporary.path }

    /// `pm-server`, built beside `pm`.
    static var serverBinary: String {
        URL(fileURLWithPath: BoardEndToEndTests.binary).deletingLastPathComponent().appendingPathComponent("pm-server")
            .path
    }

    init() throws {
        temporary = try TemporaryFolder(prefix: "pm-board-sync")
    }

    /// Runs a command to its end; its status and what it printed.
    @discardableResult
    func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["TZ": "UTC", "NO_COLOR": "1", "HOME": folder].merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    /// Runs `pm` on one device's database and requires it to succeed.
    @discardableResult
    func pm(_ device: String, _ arguments: String...) throws -> String {
        let result = try run(BoardEndToEndTests.binary, arguments + ["--database", "\(folder)/\(device).sqlite"])
        try #require(result.status == 0, "pm \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// What the server started by ``startServer(https:)`` logs.
    var serverLog: String { folder + "/pm-server.log" }

    /// Starts a `pm-server` with board `team` of user `ada`, sets devices A and B to sync with
    /// it, and returns once it answers. With `https`, the server serves a certificate of
    /// `pm-server tls init`'s private CA, which the devices trust with `--ca-file`.
    func startServer(https: Bool = false) throws -> Process {
        let serverDatabase = ["--database", folder + "/pm-server.sqlite"]
        let user = try run(Self.serverBinary, ["user", "add", "ada"] + serverDatabase)
        try #require(user.status == 0, "user add: \(user.stderr)")
        let token = user.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let board = try run(Self.serverBinary, ["board", "add", "team", "--member", "ada"] + serverDatabase)
        try #require(board.status == 0, "board add: \(board.stderr)")
        var tlsFlags: [String] = []
        var trustFlags: [String] = []
        if https {
            let made = try run(Self.serverBinary, ["tls", "init", "--host", "127.0.0.1", "--folder", folder + "/tls"])
            try #require(made.status == 0, "tls init: \(made.stderr)")
            // At debug level the server logs each live connection it accepts.
            tlsFlags = [
                "--tls-certificate", folder + "/tls/server.pem", "--tls-key", folder + "/tls/server-key.pem",
                "--log-level", "debug",
            ]
            trustFlags = ["--ca-file", folder + "/tls/ca.pem"]
        }
        let port = try ServerProcess.freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.serverBinary)
        server.arguments = ["serve", "--host", "127.0.0.1", "--port", "\(port)"] + tlsFlags + serverDatabase
        server.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: serverLog, contents: nil)
        server.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: serverLog))
        try server.run()
        do {
            let url = "\(https ? "https" : "http")://127.0.0.1:\(port)"
            for device in ["a", "b"] {
                let set = try run(
                    BoardEndToEndTests.binary,
                    ["remote", "set", url, "--board", "team", "--token", token] + trustFlags
                        + ["--database", "\(folder)/\(device).sqlite"])
                try #require(set.status == 0, "remote set: \(set.stderr)")
            }
            try waitForServer(device: "b")
            return server
        } catch {
            server.terminate()
            throw error
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theBoardRecordsItsSyncAtThePinnedTimeAsPmSyncDoes() throws {
        // Given a pm-server, and device A set to sync with it
        let server = try startServer()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let pinned = "2031-02-03T04:05:06Z"

        // When A's board opens with the wall time pinned, syncs and quits
        let tmux = try Tmux(
            command: "env TZ=UTC TERM=xterm-256color PM_NOW=\(pinned) \(BoardEndToEndTests.binary) board "
                + "--database \(folder)/a.sqlite; echo \"board exited $?\"; sleep 60")
        defer { tmux.kill() }
        try tmux.wait(for: "● synced", timeout: 10)
        try tmux.send("q")
        try tmux.wait(for: "board exited 0")

        // Then the board's sync is recorded at the pinned instant, as pm sync records its own
        let status = try run(
            BoardEndToEndTests.binary, ["status", "--json", "--database", "\(folder)/a.sqlite"],
            environment: ["PM_NOW": pinned])
        let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(json?["lastSyncAt"] as? String == pinned, "\(status.stdout)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aPushFromASecondDatabaseAppearsOnAnOpenBoard() throws {
        // Given a pm-server with a board, and devices A and B set to sync with it
        let server = try startServer()
        defer {
            server.terminate()
            server.waitUntilExit()
        }

        // And A's board open in a terminal, caught up; when B adds a card and syncs
        let screen = try screenOfA(afterBAdds: "새 카드")

        // Then A's board shows it by itself, synced again
        #expect(screen.contains("· ● synced"))
    }

    @Test(.timeLimit(.minutes(2)))
    func aPushAppearsOnAnOpenBoardOverHTTPSAndItsLiveWebSocket() throws {
        // Given a pm-server on HTTPS with a private CA's certificate, and devices A and B
        // trusting that CA
        let server = try startServer(https: true)
        defer {
            server.terminate()
            server.waitUntilExit()
        }

        // And A's board open in a terminal, caught up; when B adds a card and syncs
        let screen = try screenOfA(afterBAdds: "암호화된 카드")

        // Then A's board shows it by itself, synced
        #expect(screen.contains("· ● synced"))
        // And the news came over the live WebSocket: the server accepted A's wss connection (a
        // board whose live connection fails catches up by rounds, so the screen alone cannot tell)
        let log = try String(contentsOfFile: serverLog, encoding: .utf8)
        #expect(log.contains("live connection"), "\(log)")
    }

    /// Opens A's board in a terminal and waits until it is caught up; then B adds a card titled
    /// `title` and syncs. Returns A's screen once it shows that card by itself, synced (failing
    /// if it does not within 3 s), after closing the board, which must exit 0.
    func screenOfA(afterBAdds title: String) throws -> String {
        let tmux = try openBoardOfA()
        defer { tmux.kill() }
        try tmux.wait(for: "● synced", timeout: 10)

        try pm("b", "add", title, "--deadline", "+2d")
        try pm("b", "sync")

        let screen = try tmux.wait(for: "the card from B, synced", timeout: 3) {
            $0.contains(title) && $0.contains("TODO (1)") && $0.contains("● synced")
        }
        try tmux.send("q")
        try tmux.wait(for: "board exited 0")
        return screen
    }

    /// Device A's board in a terminal under tmux; it prints `board exited STATUS` when it ends.
    func openBoardOfA() throws -> Tmux {
        try Tmux(
            command: "env TZ=UTC TERM=xterm-256color \(BoardEndToEndTests.binary) board --database \(folder)/a.sqlite; "
                + "echo \"board exited $?\"; sleep 60")
    }

    @Test func aTestThatFailsLeavesNoFolderBehind() throws {
        // Given the suite's instance for one test, whose server database and device are written
        var folder = ""
        do {
            let suite = try BoardSyncEndToEndTests()
            folder = suite.folder
            let user = try suite.run(
                Self.serverBinary, ["user", "add", "ada", "--database", suite.folder + "/pm-server.sqlite"])
            #expect(user.status == 0)
            try suite.pm("a", "add", "Left behind?", "--deadline", "+1d")

            // When the test fails part-way
            throw TmuxTimeout(description: "a test that fails")
        } catch is TmuxTimeout {}

        // Then, the instance released, its folder is gone with both databases in it
        #expect(!folder.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// Waits until `pm sync` on `device` gets through: the server is up.
    func waitForServer(device: String) throws {
        var last = ""
        for _ in 0..<200 {
            let result = try run(BoardEndToEndTests.binary, ["sync", "--database", "\(folder)/\(device).sqlite"])
            if result.status == 0 { return }
            last = result.stderr
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("pm-server did not answer within 20 s: \(last)")
    }
}
