import Foundation
import PMServer
import PMServerPostgres
import PMSyncProtocol
import PMTestSupport
import PostgresNIO
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct ServerCommandOnPostgresTests {
    @Test func commandsGivenAPostgresURLKeepUsersAndBoardsThere() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given an empty database, when the commands are run with its URL.
            let added = try ServerProcess.run(["user", "add", "ada", "--database", url])
            #expect(added.status == 0)
            #expect(try ServerProcess.run(["board", "add", "team", "--member", "ada", "--database", url]).status == 0)
            // Then the user's token, the board and its member are in that database.
            let token = AccessToken(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
            try await PostgresSyncRepository.withRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
            ) {
                repository in
                let tokens = try await repository.tokens(prefix: token.prefix)
                let isMember = try await repository.isMember(board: "team", user: "ada")
                #expect(tokens.contains(where: token.matches))
                #expect(isMember)
            }
        }
    }

    @Test func givenANeverMigratedDatabaseWhenServingThenTheSchemaIsThereBeforeTheFirstAnswer() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given a database no command has touched
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // When pm-server serves it and answers /health
            let server = try ServerProcess(database: url, log: folder.appendingPathComponent("serve.log").path)
            try await server.start()
            defer { server.stop() }
            // Then every migration ran before it started answering
            let applied = try await PostgresTestDatabase.withClient(url) { client in
                let rows = try await client.query(
                    "SELECT name FROM pm_migrations ORDER BY name", logger: PostgresTestDatabase.logger)
                var names: [String] = []
                for try await name in rows.decode(String.self) { names.append(name) }
                return names
            }
            #expect(
                applied == [
                    "v1: users, tokens, boards, members, operations, projects", "v2: feed keys", "v3: sessions",
                    "v4: passwords", "v5: operation authors", "v6: calendar texts", "v7: pushes without board keys",
                    "v8: token times", "v9: push subscriptions",
                ])
        }
    }

    @Test func malformedPostgresURLIsRefusedBeforeConnecting() throws {
        let refused = try ServerProcess.run(["user", "add", "ada", "--database", "postgres://127.0.0.1/pm"])
        #expect(refused.status != 0)
        #expect(refused.output.isEmpty)
    }
}
