import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `pm-server serve` with the web board mounted: its files come from the module's resources
/// beside the binary, and a first start with nobody to sign in prints the welcome link.
@Suite struct ServeWebBoardTests {
    @Test func givenNoUserWhenServeStartsThenItPrintsAWelcomeLinkThatOpensTheFirstRunPage() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        let server = try ServerProcess(
            database: command.database, log: command.folder.appendingPathComponent("server.log").path)
        try await server.start()
        defer { server.stop() }
        let link = try #require(
            server.log.firstMatch(of: #/No user yet: open (http://127\.0\.0\.1:\d+/welcome\?code=[0-9a-f]{32}) /#))
        #expect(link.1.hasPrefix("http://127.0.0.1:\(server.port)/welcome?code="))
        let (page, response) = try await URLSession.shared.data(from: URL(string: String(link.1))!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("Welcome to Project Manager"))
        // And a made-up code opens nothing
        let wrong = URL(string: "http://127.0.0.1:\(server.port)/welcome?code=" + String(repeating: "0", count: 32))!
        let (_, refused) = try await URLSession.shared.data(from: wrong)
        #expect((refused as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test func givenAUserWhenServeStartsThenNoLinkAndTheBoardsFilesAreServedFromTheResources() async throws {
        let (command, server) = try await HealthCommandTests.servingServer()
        defer { HealthCommandTests.stop(server, command) }
        #expect(!server.log.contains("No user yet"))
        let (module, response) = try await URLSession.shared.data(
            from: server.baseURL.appendingPathComponent("static/js/clock.js"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8")
        #expect(!module.isEmpty)
        let (_, signIn) = try await URLSession.shared.data(from: server.baseURL)
        #expect((signIn as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Security-Policy") != nil)
    }
}
