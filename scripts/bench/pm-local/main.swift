// The prototype of a `pm` for the commands people type: `pm add` exactly as Sources/pm/Add.swift
// does it (the same PMDomain rule, PMStore transaction and output line), in a binary that links
// no network stack, so that its start-up scan of conformance records covers only what a local
// command needs. The automatic push is handed to another process: with a remote set, and
// PM_SYNC_BIN naming a full `pm`, it starts `pm sync` in a session of its own, its output thrown
// away, and does not wait for it: the design "push outside the command" (docs/benchmarks.md).
import ArgumentParser
import Foundation
import PMDomain
import PMStore

#if canImport(Glibc)
import Glibc
#endif

@main
struct PM: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pm", subcommands: [Add.self])
}

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a project to TODO.")

    @Option(help: "The board's database file.") var database: String?
    @Argument(help: "The title: one line, 1–100 characters.") var title: String
    @Option(parsing: .unconditional, help: "YYYY-MM-DD, today, tomorrow, +Nd or +Nw.") var deadline: String?
    @Option(help: "Up to 1000 characters; newlines allowed.") var description: String?

    @MainActor func run() async throws {
        let variables = ProcessInfo.processInfo.environment
        let environment = try PMDomain.Environment.live(variables: variables)
        let path = DatabaseLocation.path(option: database, environment: variables)
        let input = ProjectInput(title: title, deadline: deadline, description: description)
        let fields = try input.newProject(today: environment.today)
        let board = try AppDatabase.open(path: path, environment: environment)
        guard let project = try board.add(fields).project else { return }
        print("Added \"\(project.title)\" to TODO, due \(project.deadline) (id \(try board.shortID(of: project.id)))")
        if let pm = variables["PM_SYNC_BIN"], (try? board.remote()) != nil {
            pushDetached(pm: pm, arguments: ["sync", "--database", path])
        }
    }
}

/// Starts `pm ARGUMENTS` in a new session (POSIX_SPAWN_SETSID: no terminal's signals reach it),
/// its standard streams on /dev/null, and returns without waiting for it.
func pushDetached(pm: String, arguments: [String]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
        posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc 2.26)
    let argv = ([pm] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child = pid_t()
    _ = posix_spawn(&child, pm, &actions, &attributes, argv, environ)
}
