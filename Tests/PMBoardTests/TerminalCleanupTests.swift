import Foundation
import Testing

/// A closed terminal takes everything its command started with it: the board's end-to-end tests
/// keep an exited board's last words on screen with a `sleep`, which once outlived every test
/// run (scripts/test now fails a run that leaves a process behind).
extension BoardEndToEndTests {
    @Test func closingTheTerminalEndsWhatItsCommandStarted() throws {
        // Given a terminal whose command has started a child meant to run for a minute
        let tmux = try Tmux(command: "echo started; sleep 60; echo ended")
        defer { tmux.kill() }
        try tmux.wait(for: "started")
        let pane = try #require(tmux.panePID)
        let sleeper = try #require(Self.children(of: pane).first, "the pane's shell started no child")

        // When the terminal is closed
        tmux.kill()

        // Then the child is gone too
        let deadline = Date().addingTimeInterval(5)
        while Self.isRunning(sleeper) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!Self.isRunning(sleeper), "process \(sleeper) outlived its terminal")
    }

    /// The processes whose parent is `parent`, from /proc.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let fields = statFields(pid), fields.count > 1 else { return false }
            return pid_t(fields[1]) == parent
        }
    }

    /// Running: present in /proc and neither exited nor dead.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = statFields(pid)?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// The fields of /proc/PID/stat after the command's name: state, parent, group, …
    private static func statFields(_ pid: pid_t) -> [String]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").map(String.init)
    }
}
