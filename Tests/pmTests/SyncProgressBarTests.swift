import Foundation
import Testing

/// `pm sync` on a terminal draws how far receiving has come on stderr, once the round has run
/// for a moment (`PM_PROGRESS_AFTER`, half a second unless set); with `--json`, or when stderr is
/// not a terminal, it draws nothing. The terminal is a real pseudo-terminal, made by `script(1)`.
@Suite(.serialized) struct SyncProgressBarTests {
    static let count = 3_000

    @Test(.timeLimit(.minutes(3)))
    func givenANewDeviceSyncingAFewThousandOperationsThenTheBarCountsThemOnlyOnATerminalWithoutJSON()
        async throws
    {
        // Given a server holding a board of 3,000 operations, sent there by device A
        let server = try SyncServer()
        try await server.start()
        let a = try PMRunner()
        let export = a.path("board.json")
        try CrashTests.writeBigExport(to: export, count: Self.count)
        try a.succeed(["import", export])
        try a.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try a.succeed(["sync"])
        let shown = "100% \(ProgressBarTests.grouped(Self.count))/\(ProgressBarTests.grouped(Self.count))"

        // When a new device syncs on a terminal, the bar shown from the start
        let b = try newDevice(server)
        let terminal = try ProgressBarTests.onATerminal(b, ["sync"], environment: ["PM_PROGRESS_AFTER": "0"])

        // Then the bar counts the board's operations up to all of them, and the summary follows
        #expect(terminal.contains("Receiving"), "\(terminal)")
        #expect(terminal.contains(shown), "\(terminal)")
        #expect(terminal.contains("Synced: pushed 0, pulled \(Self.count)"), "\(terminal)")

        // When new devices sync with --json on a terminal, and with stderr not a terminal
        let json = try ProgressBarTests.onATerminal(
            try newDevice(server), ["sync", "--json"], environment: ["PM_PROGRESS_AFTER": "0"])
        let piped = try newDevice(server).succeed(["sync"], environment: ["PM_PROGRESS_AFTER": "0"])

        // Then neither draws a bar, though both received the whole board
        #expect(!json.contains("Receiving") && json.contains("\"pulled\" : \(Self.count)"), "\(json)")
        #expect(!piped.stderr.contains("Receiving") && piped.stdout.contains("pulled \(Self.count)"))
    }

    @Test func aDelayThatIsNotANumberOfSecondsIsRefusedNamingTheRule() throws {
        // Given a board with a remote
        let pm = try PMRunner()
        try pm.succeed(["remote", "set", "http://127.0.0.1:9", "--board", "team", "--token", SyncCommandTests.token])

        // When pm sync runs with a progress delay that is not a number of seconds
        let result = try pm.run(["sync"], environment: ["PM_PROGRESS_AFTER": "soon"])

        // Then it fails naming the rule, before trying the server
        #expect(result.status == 1)
        #expect(result.stderr.contains("PM_PROGRESS_AFTER must be a number of seconds"), "\(result.stderr)")
        let attempted = try pm.run(
            [pm.databasePath, "SELECT lastAttemptAt IS NULL FROM remote"],
            executable: URL(fileURLWithPath: CrashTests.sqlite3))
        #expect(attempted.stdout == "1\n", "\(attempted.stdout)\(attempted.stderr)")
    }

    /// A device with no cards, its remote set to `server`'s board.
    func newDevice(_ server: SyncServer) throws -> PMRunner {
        let device = try PMRunner()
        try device.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken])
        return device
    }
}
