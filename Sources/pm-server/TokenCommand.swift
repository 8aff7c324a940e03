import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server token add NAME | revoke TOKEN-PREFIX | list NAME | revoke-all NAME`.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Manage tokens.",
        subcommands: [Add.self, Revoke.self, List.self, RevokeAll.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Add a token for a user and print it (shown once).")

        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let token = startUp.newToken()
            try await database.withRepository(startUp) {
                try await $0.addToken(token.stored(for: name, created: startUp.now()))
            }
            print(token)
        }
    }

    struct Revoke: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke the token that starts with a prefix.")

        @Argument(help: "The token's first characters (at least 6, e.g. pm_1a2b).") var prefix: String
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard prefix.count >= 6 else { throw ValidationError("give at least 6 characters of the token") }
        }

        func run(_ startUp: StartUp) async throws {
            let prefix = String(prefix.prefix(AccessToken.prefixLength))
            let user = try await database.withRepository(startUp) { try await $0.revokeToken(prefix: prefix) }
            print("revoked a token of \(user)")
        }
    }
}
