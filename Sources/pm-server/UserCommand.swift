import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server user add NAME`: a new user and their first token, printed once.
/// `pm-server user password NAME`: sets or replaces the user's password, read from stdin.
/// `pm-server user list`: every user.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage users.", subcommands: [Add.self, SetPassword.self, List.self])

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
            try await database.withRepository(startUp, creating: true) { repository in
                try await repository.addUser(name: name)
                try await repository.addToken(token.stored(for: name, created: startUp.now()))
            }
            print(token)
        }
    }

    struct SetPassword: StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "password",
            abstract: "Set or replace a user's password, read from standard input.",
            discussion: """
                The password is the first line of standard input (on a terminal it is asked for and \
                not shown). It must have \(Password.lengths.lowerBound) to \(Password.lengths.upperBound) \
                characters. It is stored as a bcrypt hash, never in clear.
                Example: printf '%s\\n' 'correct horse' | pm-server user password ada
                """)

        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            guard let line = SecretInput.readLine(prompt: "Password for \(name): ") else {
                throw PasswordInputError()
            }
            // Checked before the database is opened, so a refused password changes nothing.
            let password = try Password(validating: line)
            let hash = try await PasswordHasher().hash(password)
            try await database.withRepository(startUp) { try await $0.setPassword(hash: hash, user: name) }
            print("password set for \(name)")
        }
    }
}

/// Standard input ended before a password line.
struct PasswordInputError: Error, CustomStringConvertible {
    var description: String { "no password on standard input: give it as its first line" }
}
