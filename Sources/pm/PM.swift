import ArgumentParser
import Foundation
import PMDomain
import PMStore
import TerminalKit

/// `pm`: a three-list project board on the command line.
@main
struct PM: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm",
        abstract: "A three-list project board (TODO / DOING / DONE) that keeps every change in a history.",
        discussion: """
            With no subcommand, opens the full-screen board on a terminal and prints the board \
            otherwise. Data lives in one SQLite file: --database PATH, \
            else $PM_DATABASE, else $XDG_DATA_HOME/projectmanager/projects.sqlite (or \
            ~/.local/share/projectmanager/projects.sqlite).

            Exit status: 0 success; 1 a rule was broken, there is nothing to undo, or no remote is \
            set for pm sync; 2 no project matches the id, or the id is ambiguous; 3 the database \
            cannot be used; 4 pm sync could not reach the server or was refused (every change is \
            kept); 5 the output could not be written (a full disk), though any change was saved; \
            64 a usage error.
            """,
        version: ProductVersion.current,
        subcommands: [
            Overview.self, BoardCommand.self, Add.self, List.self, Show.self, Edit.self, Move.self, Delete.self,
            Restore.self,
            HistoryCommand.self, Undo.self, Redo.self, Due.self, Export.self, Import.self, RemoteCommand.self,
            SyncCommand.self, StatusCommand.self, Remind.self, PushAfterChange.self,
        ],
        defaultSubcommand: Overview.self
    )

    /// Runs the command, mapping the product's errors to the documented exit codes.
    /// Commands that may sync run asynchronously; the board and the read-only ones need not.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = UnknownCommand.message(arguments, commands: configuration.subcommands) {
            fail(message, code: 64)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let violation as RuleViolation {
            fail(violation.description, code: 1)
        } catch let error as StoreError {
            fail(error.description, code: error.exitCode)
        } catch let error as CommandFailure {
            fail(error.description, code: error.code)
        } catch {
            exit(withError: error)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        Output.write("pm: " + TerminalText.printable(message) + "\n", to: .standardError)
        Foundation.exit(code)
    }
}

extension StoreError {
    var exitCode: Int32 {
        switch kind {
        case .nothingToDo, .changedSince: 1
        case .notFound, .ambiguous: 2
        case .database: 3
        }
    }
}

/// A failure of the command line itself (an unreadable file to import), with its exit code.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let code: Int32

    init(_ description: String, code: Int32 = 1) {
        self.description = description
        self.code = code
    }
}
