import ArgumentParser

/// `pm-server`: runs the sync server and manages its users, tokens and boards.
@main
struct PMServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm-server",
        abstract: "The Project Manager sync server.",
        subcommands: [
            Serve.self, UserCommand.self, TokenCommand.self, BoardCommand.self, FeedCommand.self, BackupCommand.self,
            TLSCommand.self,
        ])

    /// Reads the start-up (the one place the environment, the clock and randomness are taken
    /// from; a bad `PM_NOW` stops here), parses the command line and runs the subcommand with it.
    static func main() async {
        do {
            let startUp = try StartUp.live()
            var command = try parseAsRoot()
            if let started = command as? any StartedCommand {
                try await started.run(startUp)
            } else if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
