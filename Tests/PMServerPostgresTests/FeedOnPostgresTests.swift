import Foundation
import PMServer
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct FeedOnPostgresTests {
    @Test func givenAFeedKeyMadeOnPostgresWhenTheServerIsAskedThenItServesTheFeedUntilTheKeyIsRevoked()
        async throws
    {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given ada's feed key for team, made by the commands on PostgreSQL
            _ = try ServerProcess.addMember("ada", board: "team", database: url)
            _ = try ServerProcess.run(["user", "add", "bob", "--database", url])
            #expect(try ServerProcess.run(["feed", "add", "bob", "team", "--database", url]).status != 0)
            let added = try ServerProcess.run(["feed", "add", "ada", "team", "--database", url])
            #expect(added.status == 0)
            let path = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-feed-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let server = try ServerProcess(database: url, log: folder.appendingPathComponent("serve.log").path)
            defer { server.stop() }
            try await server.start()
            let feed = try #require(URL(string: server.baseURL.absoluteString + path))

            // When the feed is fetched, then it is served as a calendar
            let (body, answer) = try await URLSession.shared.data(from: feed)
            #expect((answer as? HTTPURLResponse)?.statusCode == 200)
            #expect(
                (answer as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
                    == "text/calendar; charset=utf-8")
            #expect(String(decoding: body, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\n"))

            // and once the key is revoked, it is a 404
            let key = try #require(path.split(separator: "=").last)
            #expect(try ServerProcess.run(["feed", "revoke", String(key.prefix(10)), "--database", url]).status == 0)
            let (_, revoked) = try await URLSession.shared.data(from: feed)
            #expect((revoked as? HTTPURLResponse)?.statusCode == 404)
        }
    }
}
