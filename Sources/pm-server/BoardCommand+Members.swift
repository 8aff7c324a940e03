import ArgumentParser
import PMServer
import PMSyncProtocol

extension BoardCommand {
    /// `pm-server board remove BOARD NAME`: the reverse of `grant`.
    struct Remove: StartedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a user off a board; their calendar feed keys for it stop working too.",
            discussion: "Their tokens and their other boards are kept; cards they made stay on the board.")

        @Argument(help: "The board's name.", transform: { BoardName($0) }) var board: BoardName
        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let keys = try await database.withRepository(startUp) {
                try await $0.removeMember(board: board, user: name)
            }
            let revoked = keys.isEmpty ? "" : " and \(keys.count) feed key\(keys.count == 1 ? "" : "s") revoked"
            print("\(name) is no longer a member of \(board)\(revoked)")
        }
    }

    /// `pm-server board list`: every board's name, one a line.
    struct List: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "List every board, one a line.")

        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let boards = try await database.withRepository(startUp) { try await $0.boards() }
            for board in boards { print(board) }
        }
    }

    /// `pm-server board members BOARD`: its members' names, one a line.
    struct Members: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "List the members of a board, one a line.")

        @Argument(help: "The board's name.", transform: { BoardName($0) }) var board: BoardName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let members = try await database.withRepository(startUp) { try await $0.members(board: board) }
            for member in members { print(member) }
        }
    }
}
