import ArgumentParser
import PMServer

/// `pm-server board add BOARD --member NAME… | board grant BOARD NAME`.
struct BoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board", abstract: "Manage boards.", subcommands: [Add.self, Grant.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Add a board with its members.")

        @Argument(help: "The board's name.") var board: String
        @Option(name: .customLong("member"), help: "A member (repeat for several).") var members: [String] = []
        @OptionGroup var database: DatabaseOptions

        func validate() throws { try validateName(board, what: "board") }

        func run(_ startUp: StartUp) async throws {
            try await database.store(startUp).withRepository { try await $0.addBoard(board, members: members) }
            print("added board \(board)")
        }
    }

    struct Grant: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Make a user a member of a board.")

        @Argument(help: "The board's name.") var board: String
        @Argument(help: "The user's name.") var name: String
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            try await database.store(startUp).withRepository { try await $0.grant(board: board, user: name) }
            print("\(name) is a member of \(board)")
        }
    }
}
