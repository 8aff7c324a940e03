import ArgumentParser
import PMServer
import PMSyncProtocol

extension UserCommand {
    /// `pm-server user list`: every user's name, one a line.
    struct List: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "List every user, one a line.")

        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let users = try await database.withRepository(startUp) { try await $0.users() }
            for user in users { print(user) }
        }
    }
}
