import ArgumentParser
import Foundation
import PMBoard
import PMDomain
import PMStore
import PMSync
import TerminalKit

/// `pm board`: the full-screen board.
struct BoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board", abstract: "Open the full-screen board (q quits, ? lists the keys).",
        discussion: "Example: pm board --database ~/work.sqlite")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Self.open(options)
    }

    static func open(_ options: GlobalOptions) async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("the board needs a terminal; use pm list to print the board")
        }
        let context = try Context(options)
        let database = try AppDatabase.open(
            path: context.databasePath, environment: context.environment, access: .concurrentReads)
        let name = (context.databasePath as NSString).lastPathComponent
        // Only a board with a remote builds an HTTP client; without one the header says `local`.
        let sync = try database.remote().map { remote in
            SyncEngine(
                link: ServerLink.link(
                    database, to: remote, environment: context.environment, variables: context.variables))
        }
        let board = BoardApp(
            database: database, terminal: SystemTerminal(), environment: context.environment, databaseName: name,
            sync: sync)
        try await board.run()
    }
}

/// `pm` with no arguments: the full-screen board on a terminal, else the board printed.
struct Overview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview", abstract: "The board: full-screen on a terminal, printed otherwise.",
        shouldDisplay: false)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        if !output.json && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            try await BoardCommand.open(options)
        } else {
            try List.printBoard(options: options, json: output.json, status: nil, overdueOnly: false)
        }
    }
}
