import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server board add BOARD --member NAME… | grant BOARD NAME | remove BOARD NAME | list |
/// members BOARD`.
struct BoardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board", abstract: "Manage boards.",
        subcommands: [Add.self, Grant.self, Remove.self, List.self, Members.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Add a board with its members.")

        @Argument(help: "The board's name.", transform: { BoardName($0) }) var board: BoardName
        @Option(name: .customLong("member"), help: "A member (repeat for several).", transform: { UserName($0) })
        var members: [UserName] = []
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            do {
                _ = try BoardName(validating: board.text)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ startUp: StartUp) async throws {
            try await database.withRepository(startUp) {
                try await $0.addBoard(board, members: members)
            }
            print("added board \(board)")
        }
    }

    struct Grant: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Make a user a member of a board.")

        @Argument(help: "The board's name.", transform: { BoardName($0) }) var board: BoardName
        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            try await database.withRepository(startUp) { try await $0.grant(board: board, user: name) }
            print("\(name) is a member of \(board)")
        }
    }
}
