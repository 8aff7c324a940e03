import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// At a terminal, the push after a change runs in a process of its own, `pm push-after-change`,
/// started in a session of its own and not waited for: the prompt comes back once the change is
/// durable, and the change still leaves for the server at once. Starting it costs the command
/// about a millisecond; the push costs the network stack's start (some 7 ms of CPU) and the
/// server's answer, up to ``PMSync/SyncLink/pushLimit`` when the server does not answer.
///
/// Only at a terminal: there a person waits for the prompt, and the push's one line, if it
/// fails, reaches them all the same (the new process writes to the same terminal). A script or a
/// pipe reading `pm`'s output gets the push inside the command as before, so that when `pm`
/// exits the change has been sent or said to wait.
enum BackgroundPush {
    /// The hidden command the new process runs (``PushAfterChange``).
    static let command = "push-after-change"

    /// Whether a change's push goes to the background: when the line it may print, on standard
    /// error, would go to a terminal.
    static func wanted(_ output: Output) -> Bool { output.errorIsTerminal }

    /// Starts `pm push-after-change --database DATABASE` from this very executable, with standard
    /// input and output on /dev/null and standard error the terminal's; says whether it started
    /// (if not, the caller pushes itself).
    static func start(database: String) -> Bool {
        guard let executable = currentExecutable() else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the terminal's Ctrl-C and hang-up go to the shell's jobs, not to
        // a push already under way (what it sends is kept in the outbox until the server has it).
        posix_spawnattr_setflags(&attributes, Int16(setSessionFlag))
        let words: [String] = [executable, command, "--database", database]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var child = pid_t()
        return posix_spawn(&child, executable, &actions, &attributes, arguments, environ) == 0
    }

    /// POSIX_SPAWN_SETSID, which Swift's Glibc module leaves out (a GNU extension of glibc 2.26).
    #if os(Linux)
    private static let setSessionFlag: Int32 = 0x80
    #else
    private static let setSessionFlag = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// The path of the running `pm`, so that the push runs the same build.
    private static func currentExecutable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return Bundle.main.executablePath
        #endif
    }
}
