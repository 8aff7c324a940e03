import ArgumentParser

/// `pm-server`: runs the sync server and manages its users, tokens and boards.
@main
struct PMServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm-server",
        abstract: "The Project Manager sync server.",
        subcommands: [Serve.self, UserCommand.self, TokenCommand.self, BoardCommand.self])
}
