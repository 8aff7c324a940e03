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
            HealthCommand.self, ConfigCommand.self, TLSCommand.self, RemindCommand.self,
        ])

    /// Reads the start-up (the one place the environment, the clock and randomness are taken
    /// from; a bad `PM_NOW` stops here), adds `serve`'s settings from the environment and its file
    /// (``ServeSettings``), parses the command line and runs the subcommand with it.
    static func main() async {
        var settings: ServeSettings?
        do {
            let startUp = try StartUp.live()
            var arguments = Array(CommandLine.arguments.dropFirst())
            if let first = arguments.first, [Serve._commandName, ConfigCommand._commandName].contains(first) {
                let read = try ServeSettings(
                    arguments: Array(arguments.dropFirst()), variables: startUp.variables, readFile: readSettingsFile)
                settings = read
                arguments = [first] + read.arguments(adding: Array(arguments.dropFirst()))
            }
            var command = try parseAsRoot(arguments)
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
        } catch let error as SettingsError {
            FileHandle.standardError.write(Data("pm-server: \(error)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            // A bad value that was not typed is named where it was set.
            if let note = settings?.note {
                FileHandle.standardError.write(Data("pm-server: \(note)\n".utf8))
            }
            exit(withError: error)
        }
    }

    private static func readSettingsFile(_ path: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SettingsError("cannot read the settings file \(path): \(error.localizedDescription)")
        }
    }
}
