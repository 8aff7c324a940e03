import Foundation

/// A real terminal for end-to-end tests: a detached tmux session running a command, typed into
/// with send-keys and read with capture-pane.
struct Tmux {
    let session = "pm-test-" + UUID().uuidString.prefix(8)
    let socket: String
    /// The tmux server's process, which ``kill()`` makes sure is gone.
    let serverPID: pid_t?
    /// The pane's process: the shell running the command, leader of the process group that
    /// holds everything the command started.
    let panePID: pid_t?

    init(command: String, width: Int = 100, height: Int = 30) throws {
        socket = NSTemporaryDirectory() + "tmux-" + session
        let printed = try Self.run(
            socket: socket,
            [
                "new-session", "-d", "-P", "-F", "#{pid} #{pane_pid}", "-s", session, "-x", "\(width)", "-y",
                "\(height)", command,
            ])
        let pids = printed.split(separator: " ").map { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        serverPID = pids.first ?? nil
        panePID = pids.count > 1 ? pids[1] : nil
    }

    /// The screen as text, a line per row.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    /// A tmux format value for the pane, such as `#{alternate_on}`.
    func value(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends keys: tmux key names (`Enter`, `C-s`, `BSpace`) or, with `literally`, text.
    func send(_ keys: String..., literally: Bool = false) throws {
        try run(["send-keys", "-t", session] + (literally ? ["-l"] : []) + keys)
    }

    /// Waits until the screen satisfies `condition`; fails with the last screen after `timeout`.
    @discardableResult
    func wait(
        for description: String, timeout: TimeInterval = 5, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxTimeout(description: "timed out waiting for \(description); screen:\n\(last)")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func wait(for text: String, timeout: TimeInterval = 5) throws -> String {
        try wait(for: "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Ends the session and its server, and removes the files it leaves behind. `kill-server`
    /// alone left them: the server keeps its socket file when told to exit, a server too busy to
    /// answer the request at once outlived it, and `run` writes each answer beside the socket.
    /// The pane's whole process group goes first: the shell dies of the hang-up when the server
    /// goes, but what it started (the `sleep` that keeps an exited board's last words on the
    /// screen) did not, and outlived the test run.
    func kill() {
        if let panePID, panePID > 1 { Foundation.kill(-panePID, SIGKILL) }
        _ = try? run(["kill-server"])
        if let serverPID, Self.isTmuxServer(serverPID) {
            Foundation.kill(serverPID, SIGKILL)
            // A signal is delivered, not waited for: the server is gone once /proc says so.
            let deadline = Date().addingTimeInterval(5)
            while Self.isTmuxServer(serverPID) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        }
        for path in [socket, socket + ".out"] { unlink(path) }
    }

    /// Whether `pid` is a running tmux server (not an exited one awaiting its parent, nor a
    /// process that took a freed pid).
    static func isTmuxServer(_ pid: pid_t) -> Bool {
        guard let stat = processStat(pid) else { return false }
        return stat.name.hasPrefix("tmux") && isRunning(pid)
    }

    /// Running: present in /proc and neither exited nor dead.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = processStat(pid)?.fields.first else { return false }
        return state != "Z" && state != "X"
    }

    /// The processes whose parent is `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let fields = processStat(pid)?.fields, fields.count > 1 else { return false }
            return pid_t(fields[1]) == parent
        }
    }

    /// /proc/PID/stat: the command's name, and the fields after it (state, parent, group, …).
    private static func processStat(_ pid: pid_t) -> (name: Substring, fields: [Substring])? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
        else { return nil }
        return (stat[stat.index(after: open)..<close], stat[stat.index(after: close)...].split(separator: " "))
    }

    /// Runs tmux and returns what it printed. Spawned by hand rather than with Foundation's
    /// Process: the tmux server that `new-session` leaves running inherits the descriptor
    /// Process watches for the child's exit, and Process would wait for the server forever.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        try Self.run(socket: socket, arguments)
    }

    @discardableResult
    private static func run(socket: String, _ arguments: [String]) throws -> String {
        let output = socket + ".out"
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["/usr/bin/env", "tmux", "-S", socket] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw TmuxTimeout(description: "cannot start tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}

struct TmuxTimeout: Error, CustomStringConvertible {
    let description: String
}
