import ArgumentParser
import PMServer

/// `pm-server user add NAME`: a new user and their first token, printed once.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage users.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a user and print their token (shown once).")

        @Argument(help: "The user's name.") var name: String
        @OptionGroup var database: DatabaseOptions

        func validate() throws { try validateName(name, what: "user") }

        func run() async throws {
            let token = AccessToken.random()
            try await database.withRepository { repository in
                try await repository.addUser(name: name)
                try await repository.addToken(token.stored(for: name))
            }
            print(token)
        }
    }
}

/// Names of users and boards: what fits in a URL path segment without escaping.
func validateName(_ name: String, what: String) throws {
    let allowed = name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
    guard allowed, (1...64).contains(name.utf8.count) else {
        throw ValidationError(
            "a \(what) name must be 1–64 characters of A-Z, a-z, 0-9, '-', '_' or '.', got \"\(name)\"")
    }
}

extension AccessToken {
    /// A token from the system's random source: start-up code, the one place it is drawn.
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        return AccessToken(randomBytes: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
