import ArgumentParser
import Foundation
import PMDomain
import PMServer

/// `pm-server`: runs the sync server and manages its users, tokens and boards.
@main
struct PMServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm-server",
        abstract: "The Project Manager sync server.",
        version: ProductVersion.current,
        subcommands: [
            Serve.self, UserCommand.self, TokenCommand.self, BoardCommand.self, FeedCommand.self, BackupCommand.self,
            HealthCommand.self,
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
        } catch let refusal as ServerDatabaseError {
            FileHandle.standardError.write(Data("pm-server: \(refusal)\n".utf8))
            Foundation.exit(refusal.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}
