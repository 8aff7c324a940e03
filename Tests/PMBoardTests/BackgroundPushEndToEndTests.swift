import Foundation
import PMTestSupport
import Testing

/// At a terminal, `pm add` hands the push after its change to a process of its own and gives the
/// prompt back once the change is saved: typed into a real shell under tmux, with a real
/// `pm-server`, and with a server that takes the connection and never answers.
extension BoardSyncEndToEndTests {
    /// A shell in a terminal, in the test's folder, with the product's environment, once its
    /// prompt shows: keys typed before it are echoed ahead of the prompt, which then starts the
    /// command's first line of output.
    func shell() throws -> Tmux {
        let terminal = try Tmux(command: "cd \(folder) && env TZ=UTC NO_COLOR=1 HOME=\(folder) PS1='$ ' sh")
        do {
            // The screen as tmux gives it drops the prompt's trailing space.
            try terminal.wait(for: "the prompt", timeout: 10) { $0.hasPrefix("$") }
        } catch {
            terminal.kill()
            throw error
        }
        return terminal
    }

    /// The changes waiting on `device`, as `pm status --json` says.
    func pending(device: String) throws -> Int? {
        let status = try run(
            BoardEndToEndTests.binary, ["status", "--json", "--database", "\(folder)/\(device).sqlite"])
        let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        return json?["pending"] as? Int
    }

    /// Types `pm ARGUMENTS` for `device`, then a marker the shell prints once `pm` has exited.
    func type(_ terminal: Tmux, device: String, _ arguments: String) throws {
        // Quoted apart in the typed line, so that only the shell's echo shows it whole.
        try terminal.send(
            "\(BoardEndToEndTests.binary) \(arguments) --database \(device).sqlite; echo 'pm ''exited' $?",
            literally: true)
        try terminal.send("Enter")
    }

    @Test(.timeLimit(.minutes(2)))
    func atATerminalTheShellGoesOnBeforeAPushToASilentServerGivesUpAndItsLineStillArrives() throws {
        // Given device A set to sync with a server that takes the connection and never answers
        let silent = try SilentListener()
        defer { silent.close() }
        try pm("a", "add", "first card")
        let set = try run(
            BoardEndToEndTests.binary,
            [
                "remote", "set", "http://127.0.0.1:\(silent.port)", "--board", "team", "--token",
                "pm_" + String(repeating: "0", count: 40), "--database", "\(folder)/a.sqlite",
            ])
        try #require(set.status == 0, "remote set: \(set.stderr)")

        // When pm add runs at a terminal
        let terminal = try shell()
        defer { terminal.kill() }
        try type(terminal, device: "a", "add '회의록 정리'")

        // Then the shell goes on as soon as the card is saved, and the push, which waits for the
        // server up to its limit, says afterwards in the same terminal that the change waits
        let screen = try terminal.wait(for: "waiting on this device", timeout: 10)
        let lines = screen.split(separator: "\n").map(String.init)
        let added = try #require(lines.firstIndex { $0.hasPrefix("Added \"회의록 정리\" to TODO") }, "\(screen)")
        let exited = try #require(lines.firstIndex { $0 == "pm exited 0" }, "\(screen)")
        let waiting = try #require(
            lines.firstIndex { $0.contains("pm: 2 changes waiting on this device, not sent yet") }, "\(screen)")
        #expect(added < exited && exited < waiting, "\(screen)")
        // and both changes are kept for the next push
        #expect(try pending(device: "a") == 2)
    }

    @Test(.timeLimit(.minutes(2)))
    func atATerminalAChangeStillReachesTheServerAtOnce() throws {
        // Given devices A and B syncing with a pm-server
        let server = try startServer()
        defer {
            server.terminate()
            server.waitUntilExit()
        }

        // When A adds a card at a terminal
        let terminal = try shell()
        defer { terminal.kill() }
        try type(terminal, device: "a", "add '배포 준비' --deadline +2d")
        try terminal.wait(for: "pm exited 0", timeout: 10)

        // Then the server has it without another command on A: B's sync brings it, and A has
        // nothing left waiting
        var titles = ""
        var pending: Int?
        for _ in 0..<100 {
            try pm("b", "sync")
            titles = try pm("b", "list")
            pending = try self.pending(device: "a")
            if titles.contains("배포 준비") && pending == 0 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(titles.contains("배포 준비"), "\(titles)")
        #expect(pending == 0)
    }
}
