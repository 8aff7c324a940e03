import Foundation
import PMServer
import PMServerPostgres
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct ServerCommandOnPostgresTests {
    @Test func commandsGivenAPostgresURLKeepUsersAndBoardsThere() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given an empty database, when the commands are run with its URL.
            let added = try Self.run(["user", "add", "ada", "--database", url])
            #expect(added.status == 0)
            #expect(try Self.run(["board", "add", "team", "--member", "ada", "--database", url]).status == 0)
            // Then the user's token, the board and its member are in that database.
            let token = AccessToken(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
            try await PostgresSyncRepository.withRepository(url: url, logger: PostgresTestDatabase.logger) {
                repository in
                let tokens = try await repository.tokens(prefix: token.prefix)
                let isMember = try await repository.isMember(board: "team", user: "ada")
                #expect(tokens.contains(where: token.matches))
                #expect(isMember)
            }
        }
    }

    @Test func malformedPostgresURLIsRefusedBeforeConnecting() throws {
        let refused = try Self.run(["user", "add", "ada", "--database", "postgres://127.0.0.1/pm"])
        #expect(refused.status != 0)
        #expect(refused.output.isEmpty)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The `pm-server` binary built next to the test bundle.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pm-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("cannot find the pm-server binary near \(CommandLine.arguments[0])")
    }()
}
