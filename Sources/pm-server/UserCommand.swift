import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server user add NAME`: a new user and their first token, printed once.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage users.", subcommands: [Add.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Add a user and print their token (shown once).")

        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            do {
                _ = try UserName(validating: name.text)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ startUp: StartUp) async throws {
            let token = startUp.newToken()
            try await database.store(startUp).withRepository { repository in
                try await repository.addUser(name: name.text)
                try await repository.addToken(token.stored(for: name.text))
            }
            print(token)
        }
    }
}
