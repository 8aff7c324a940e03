import Foundation
import PMTestSupport
import Testing

/// The real `pm` binary in a real terminal (tmux): what a user sees and types.
@Suite(.serialized) struct BoardEndToEndTests {
    /// Removed when Swift Testing releases the suite's instance after each test, pass or fail.
    let temporary: TemporaryFolder
    var folder: String { temporary.path }
    var database: String { folder + "/projects.sqlite" }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["PM_BINARY"] { return path }
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var folder = tests
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("pm").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return tests.appendingPathComponent("pm").path
    }

    init() throws {
        temporary = try TemporaryFolder(prefix: "pm-board-e2e")
    }

    /// Runs `pm` outside the board, as another terminal would.
    @discardableResult
    func pm(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments + ["--database", database]
        process.environment = ["TZ": "UTC", "NO_COLOR": "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func openBoard() throws -> Tmux {
        try Tmux(
            command: "env TZ=UTC TERM=xterm-256color \(Self.binary) board --database \(database); "
                + "echo \"board exited $?\"; sleep 60")
    }

    @Test func createEditMoveDeleteUndoAndQuitRestoresTheTerminal() throws {
        try pm("add", "Existing card", "--deadline", "+2d")
        let tmux = try openBoard()
        defer { tmux.kill() }
        try tmux.wait(for: "TODO (1)")
        #expect(try tmux.value("#{alternate_on}") == "1")

        try tmux.send("a")
        try tmux.wait(for: "New project")
        try tmux.send("보드 card", literally: true)
        try tmux.send("C-s")
        var screen = try tmux.wait(for: "TODO (2)")
        #expect(screen.contains("보드 card"))

        try tmux.send("e")
        try tmux.wait(for: "Edit project")
        try tmux.send("BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.send("item", literally: true)
        try tmux.send("C-s")
        screen = try tmux.wait(for: "│ 보드 item")
        #expect(!screen.contains("│ 보드 card"))

        try tmux.send("L")
        screen = try tmux.wait(for: "DOING (1)")
        #expect(screen.contains("TODO (1)"))

        try tmux.send("d")
        screen = try tmux.wait(for: "Deleted \"보드 item\" — u to undo")
        #expect(screen.contains("DOING (0)"))

        try tmux.send("u")
        try tmux.wait(for: "DOING (1)")

        try tmux.send("q")
        try tmux.wait(for: "board exited 0")
        #expect(try tmux.value("#{alternate_on}") == "0")
        #expect(try tmux.value("#{cursor_flag}") == "1")
        #expect(try tmux.value("#{mouse_any_flag}") == "0")

        let listed = try pm("list", "--json")
        #expect(listed.contains("\"title\" : \"보드 item\""))
        #expect(listed.contains("\"status\" : \"doing\""))
    }

    @Test func killingTheTerminalLeavesNoTmuxServerNorItsFilesBehind() throws {
        // Given a board open in a tmux session
        let tmux = try openBoard()
        try tmux.wait(for: "TODO (0)")
        let server = try #require(tmux.serverPID)
        #expect(Tmux.isTmuxServer(server))

        // When
        tmux.kill()

        // Then the server is gone, and so are its socket and the answers' file
        #expect(!Tmux.isTmuxServer(server))
        #expect(!FileManager.default.fileExists(atPath: tmux.socket))
        #expect(!FileManager.default.fileExists(atPath: tmux.socket + ".out"))
    }

    @Test func aCardAddedFromAnotherTerminalAppearsWithinASecond() throws {
        try pm("add", "First", "--deadline", "+1d")
        let tmux = try openBoard()
        defer { tmux.kill() }
        try tmux.wait(for: "TODO (1)")

        try pm("add", "다른 터미널에서", "--deadline", "+3d")

        let screen = try tmux.wait(for: "TODO (2)", timeout: 1.5)
        #expect(screen.contains("다른 터미널에서"))
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let tmux = try openBoard()
        defer { tmux.kill() }
        try tmux.wait(for: "TODO (0)")
        let pid = try tmux.value("#{pane_pid}")

        // The board runs as a child of the pane's shell.
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        kill.arguments = ["pkill", "-TERM", "-P", pid, "-f", "pm board"]
        try kill.run()
        kill.waitUntilExit()

        try tmux.wait(for: "board exited")
        #expect(try tmux.value("#{alternate_on}") == "0")
        #expect(try tmux.value("#{cursor_flag}") == "1")
    }

    @Test func aTestThatFailsLeavesNoFolderBehind() throws {
        // Given the suite's instance for one test, whose board database is written
        var folder = ""
        do {
            let suite = try BoardEndToEndTests()
            folder = suite.folder
            try suite.pm("add", "Left behind?", "--deadline", "+1d")
            #expect(FileManager.default.fileExists(atPath: suite.database))

            // When the test fails part-way
            throw TmuxTimeout(description: "a test that fails")
        } catch is TmuxTimeout {}

        // Then, the instance released, its folder is gone with the database in it
        #expect(!folder.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}
