import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `pm-server health` answers a supervisor without curl: 0 for a server whose database answers,
/// 1 with the reason for a stopped server and for one whose database file is gone.
@Suite(.timeLimit(.minutes(1))) struct HealthCommandTests {
    @Test func healthExitsZeroForAServingServerAndOneOnceItIsStopped() async throws {
        // Given a serving pm-server on a SQLite file
        let (command, server) = try await Self.servingServer()
        defer { Self.stop(server, command) }

        // When health is asked while it serves
        let healthy = try command.runWithout(database: ["health", "--url", server.baseURL.absoluteString])

        // Then it exits 0 saying so
        #expect(healthy.status == 0, "\(healthy.error)")
        #expect(healthy.output.contains("healthy"))

        // And once the server is stopped, it exits 1 saying there was no answer
        server.stop()
        let stopped = try command.runWithout(database: ["health", "--url", server.baseURL.absoluteString])
        #expect(stopped.status == 1)
        #expect(stopped.error.contains("no answer"))
    }

    @Test func aServerWhoseDatabaseFileIsGoneIsUnhealthyWithTheReason() async throws {
        // Given a serving pm-server whose database file is then deleted
        let (command, server) = try await Self.servingServer()
        defer { Self.stop(server, command) }
        try FileManager.default.removeItem(atPath: command.database)

        // When /health and pm-server health are asked
        let (body, answer) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("health"))
        let health = try command.runWithout(database: ["health", "--url", server.baseURL.absoluteString])

        // Then /health is 503 naming the missing file, and health exits 1 with that reason
        #expect((answer as? HTTPURLResponse)?.statusCode == 503)
        #expect(String(decoding: body, as: UTF8.self).contains("is gone"))
        #expect(health.status == 1)
        #expect(health.error.contains("unhealthy: the database file \(command.database) is gone"))
    }

    /// A pm-server serving a new SQLite database with one user, and the folder it lives in.
    static func servingServer() async throws -> (ServerCommand, ServerProcess) {
        let command = ServerCommand()
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        let server = try ServerProcess(database: command.database, log: command.folder.path + "/server.log")
        try await server.start()
        return (command, server)
    }

    static func stop(_ server: ServerProcess, _ command: ServerCommand) {
        server.stop()
        try? FileManager.default.removeItem(at: command.folder)
    }

    @Test func aURLThatIsNotHTTPIsAUsageError() throws {
        let result = try ServerCommand().runWithout(database: ["health", "--url", "ftp://example.org"])

        #expect(result.status == 64)
        #expect(result.error.contains("--url must be http(s)://HOST[:PORT]"))
    }
}
