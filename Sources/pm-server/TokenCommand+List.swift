import ArgumentParser
import Foundation
import PMServer
import PMSyncProtocol

extension TokenCommand {
    /// `pm-server token list NAME`: what is needed to revoke a lost device's token without it.
    struct List: StartedCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a user's tokens: prefix, when made, when last used.",
            discussion: """
                A token's last use is written down at most once an hour, so it is that recent. \
                Revoke one with `token revoke PREFIX`, or all with `token revoke-all NAME`.
                """)

        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let tokens = try await database.withRepository(startUp) { try await $0.tokens(user: name) }
            guard !tokens.isEmpty else {
                print("\(name) has no tokens")
                return
            }
            print(Self.row("PREFIX", "CREATED", "LAST USED"))
            for token in tokens {
                let created = Self.time(token.created, else: "unknown")
                print(Self.row(token.prefix, created, Self.time(token.lastUsed, else: "never")))
            }
        }

        static func row(_ prefix: String, _ created: String, _ lastUsed: String) -> String {
            [
                prefix.padding(toLength: AccessToken.prefixLength + 2, withPad: " ", startingAt: 0),
                created.padding(toLength: 22, withPad: " ", startingAt: 0), lastUsed,
            ].joined()
        }

        static func time(_ date: Date?, else missing: String) -> String {
            date.map { $0.formatted(.iso8601) } ?? missing
        }
    }

    /// `pm-server token revoke-all NAME`: a lost phone whose token nobody can read.
    struct RevokeAll: StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke-all",
            abstract: "Revoke every token of a user and end their browser sessions.",
            discussion: "Then give them a new one with `token add NAME`. Their password, if any, still works.")

        @Argument(help: "The user's name.", transform: { UserName($0) }) var name: UserName
        @OptionGroup var database: DatabaseOptions

        func run(_ startUp: StartUp) async throws {
            let count = try await database.withRepository(startUp) { try await $0.revokeTokens(user: name) }
            print("revoked \(count) token\(count == 1 ? "" : "s") of \(name)")
        }
    }
}
