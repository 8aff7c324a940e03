import ArgumentParser
import PMServer
import PMSyncProtocol

/// `pm-server feed add USER BOARD [--base-url URL] | feed revoke KEY-PREFIX`: the keys of the
/// calendar feeds, `/feeds/BOARD.ics?key=KEY`.
struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed", abstract: "Manage calendar feed keys.", subcommands: [Add.self, Revoke.self])

    struct Add: StartedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a key for a member's calendar feed of a board and print the feed's URL (shown once).")

        @Argument(help: "The user's name (a member of the board).", transform: { UserName($0) }) var name: UserName
        @Argument(help: "The board's name.", transform: { BoardName($0) }) var board: BoardName
        @Option(
            help: """
                The server's address as calendar apps reach it, http(s)://HOST[:PORT][/PATH] \
                (https://pm.example.org), printed before the path; anything else is refused before a key is made.
                """)
        var baseURL: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let baseURL { try PublicAddress.check(baseURL, option: "--base-url") }
        }

        func run(_ startUp: StartUp) async throws {
            let key = startUp.newFeedKey()
            // A user who is not a member is refused by the store, naming the rule.
            try await database.withRepository(startUp) {
                try await $0.addFeedKey(key.stored(for: name, board: board))
            }
            print(Self.url(base: baseURL, path: key.path(board: board)))
        }

        /// The feed's URL: `path` after `base` (its trailing slashes dropped), or the path alone.
        static func url(base: String?, path: String) -> String {
            guard var base, !base.isEmpty else { return path }
            while base.hasSuffix("/") { base.removeLast() }
            return base + path
        }
    }

    struct Revoke: StartedCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke the feed key that starts with a prefix.")

        @Argument(help: "The key's first characters (at least 6, e.g. pmf_1a2b).") var prefix: String
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard prefix.count >= 6 else { throw ValidationError("give at least 6 characters of the key") }
        }

        func run(_ startUp: StartUp) async throws {
            let prefix = String(prefix.prefix(FeedKey.prefixLength))
            let key = try await database.withRepository(startUp) { try await $0.revokeFeedKey(prefix: prefix) }
            print("revoked the feed key of \(key.user) for board \(key.board)")
        }
    }
}
