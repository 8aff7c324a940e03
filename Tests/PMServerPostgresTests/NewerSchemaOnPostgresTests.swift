import Foundation
import PMTestSupport
import PostgresNIO
import Testing

/// A PostgreSQL database a newer `pm-server` migrated is refused untouched, as a SQLite file is.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct NewerSchemaOnPostgresTests {
    @Test func aDatabaseANewerServerMigratedIsRefusedNamingBothSchemasAndLeftAsItIs() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given a database on which a newer pm-server applied a migration this one lacks
            #expect(try ServerProcess.run(["user", "add", "ada", "--database", url]).status == 0)
            _ = try await PostgresTestDatabase.withClient(url) { client in
                try await client.query(
                    "INSERT INTO pm_migrations (name) VALUES ('v99: boards in folders')",
                    logger: PostgresTestDatabase.logger)
            }

            // When a user is added to it
            let (status, message) = try ServerProcess.run(
                ["user", "add", "bob", "--database", url], readingErrors: true)

            // Then it is refused with the distinct status, naming the newer schema, and bob is not there
            #expect(status == 4, "\(message)")
            #expect(message.contains("was written by a newer pm-server"))
            #expect(message.contains("v99: boards in folders"))
            let users = try await PostgresTestDatabase.withClient(url) { client in
                let rows = try await client.query(
                    "SELECT name FROM users ORDER BY name", logger: PostgresTestDatabase.logger)
                var names: [String] = []
                for try await name in rows.decode(String.self) { names.append(name) }
                return names
            }
            #expect(users == ["ada"])
        }
    }
}
