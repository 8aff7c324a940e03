import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server user add NAME`: a new user and their first token, printed once.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage users.", subcommands: [Add.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Add a user and print their token (shown once).")

        @Argument(help: "The user's name.") var name: String
        @OptionGroup var database: DatabaseOptions

        func validate() throws { try validateName(name, what: "user") }

        func run(_ startUp: StartUp) async throws {
            let token = AccessToken.random()
            try await database.store(startUp).withRepository { repository in
                try await repository.addUser(name: name)
                try await repository.addToken(token.stored(for: name))
            }
            print(token)
        }
    }
}

/// Names of users and boards (``ServerName``).
func validateName(_ name: String, what: String) throws {
    guard ServerName.isValid(name) else {
        throw ValidationError("a \(what) name must be \(ServerName.rule), got \"\(name)\"")
    }
}

extension AccessToken {
    /// A token from the system's random source: start-up code, the one place it is drawn.
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        return AccessToken(randomBytes: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
