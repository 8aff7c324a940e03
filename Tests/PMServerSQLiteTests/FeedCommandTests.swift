import Foundation
import GRDB
import PMServer
import PMServerSQLite
import PMSyncProtocol
import Testing

@Suite struct FeedCommandTests {
    @Test func givenAMemberWhenFeedAddRunsThenItPrintsTheFeedPathWithAKeyTheStoreRecognises() async throws {
        // Given ada, a member of "team.room"
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["board", "add", "team.room", "--member", "ada"])
        // When a feed key is made for her
        let added = try command.run(["feed", "add", "ada", "team.room"])
        // Then the path of the feed is printed, its key stored hashed for ada and the board
        #expect(added.status == 0)
        let path = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(path.hasPrefix("/feeds/team.room.ics?key=pmf_"))
        let key = FeedKey(String(try #require(path.split(separator: "=").last)))
        #expect(key.description.count == 44)
        let repository = try SQLiteSyncRepository.open(path: command.database)
        let stored = try await repository.feedKeys(prefix: key.prefix)
        #expect(stored.contains(where: key.matches))
        #expect(stored.map(\.user) == ["ada"])
        #expect(stored.map(\.board) == ["team.room"])
    }

    @Test func givenABaseURLWhenFeedAddRunsThenTheFullURLIsPrinted() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        let added = try command.run(["feed", "add", "ada", "team", "--base-url", "https://pm.example.org/"])
        #expect(added.status == 0)
        #expect(added.output.hasPrefix("https://pm.example.org/feeds/team.ics?key=pmf_"))
    }

    @Test func givenAUserWhoIsNotAMemberWhenFeedAddRunsThenItIsRefusedNamingTheRule() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["user", "add", "bob"])
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        let refused = try command.run(["feed", "add", "bob", "team"])
        #expect(refused.status != 0)
        #expect(refused.output.isEmpty)
        #expect(refused.error.contains("\"bob\" is not a member of board \"team\""))
        #expect(refused.error.contains("a feed key is only for a member of the board"))
    }

    @Test func givenAFeedKeyWhenRevokedByItsPrefixThenTheStoreNoLongerHasIt() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        let path = try command.run(["feed", "add", "ada", "team"]).output.trimmingCharacters(in: .newlines)
        let key = FeedKey(String(try #require(path.split(separator: "=").last)))
        let revoked = try command.run(["feed", "revoke", String(key.description.prefix(10))])
        #expect(revoked.status == 0)
        #expect(revoked.output == "revoked the feed key of ada for board team\n")
        let repository = try SQLiteSyncRepository.open(path: command.database)
        #expect(try await repository.feedKeys(prefix: key.prefix).isEmpty)
        let again = try command.run(["feed", "revoke", String(key.description.prefix(10))])
        #expect(again.status != 0)
        #expect(again.error.contains("no feed key starts with"))
    }

    @Test(arguments: ["htp:/pm.example.org", "pm.example.org", "https://", "https://pm.example.org/?x=1", "not a url"])
    func givenABrokenBaseURLWhenFeedAddRunsThenItIsRefusedAndNoKeyIsMade(baseURL: String) throws {
        // Given ada, a member of team
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        _ = try command.run(["user", "add", "ada"])
        _ = try command.run(["board", "add", "team", "--member", "ada"])
        // When a feed key is asked for with a broken --base-url
        let added = try command.run(["feed", "add", "ada", "team", "--base-url", baseURL])
        // Then it is a usage error naming the form wanted, nothing is printed, and no key is stored
        #expect(added.status == 64)
        #expect(added.error.contains("--base-url must be http(s)://HOST[:PORT][/PATH]"))
        #expect(added.output.isEmpty)
        let keys = try DatabaseQueue(path: command.database).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM feed_key")
        }
        #expect(keys == 0)
    }
}
