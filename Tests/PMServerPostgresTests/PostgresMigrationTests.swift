import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import PostgresNIO
import Testing

@testable import PMServerPostgres

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct PostgresMigrationTests {
    @Test func databaseWithBoardKeysMigratesKeepingItsRowsAndPushesOn() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let before = Array(
                PostgresSyncRepository.migrations.prefix {
                    $0.name != PostgresSyncRepository.pushWithoutBoardKeysMigration.name
                })
            let repository = try PostgresSyncRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await repository.client.run() }
                defer { group.cancelAll() }
                // Given a database at the schema before the board keys went, where a server of
                // that version stored 30 operations on 6 cards
                try await repository.migrate(before)
                #expect(try await foreignKeys(url, on: ["operations", "projects"]) == 2)
                try await repository.addUser(name: "ada")
                try await repository.addBoard("team", members: ["ada"])
                let earlier = (1...30).map { SyncFixtures.operation($0, project: $0 % 6) }
                _ = try await repository.pushCarefully(
                    board: "team", author: "ada", prepared: PreparedPush(operations: earlier))
                let page = try await repository.operations(board: "team", after: 0, limit: 100)
                let snapshot = try await repository.snapshot(board: "team")

                // When it is migrated
                try await repository.migrate()

                // Then the keys of operations and projects to boards are gone, and the others stay
                #expect(try await foreignKeys(url, on: ["operations", "projects"]) == 0)
                #expect(try await foreignKeys(url, on: ["members"]) == 2)
                // And its rows are as they were
                #expect(try await repository.operations(board: "team", after: 0, limit: 100) == page)
                #expect(try await repository.snapshot(board: "team") == snapshot)
                // And pushes go on: new operations numbered after them, the old batch answered
                // with its numbers, a stored card merged with its edits
                let later = (31...40).map { SyncFixtures.operation($0, project: $0 % 8) }
                #expect(try await repository.push(board: "team", operations: later).map(\.seq) == Array(31...40))
                #expect(try await repository.push(board: "team", operations: earlier).map(\.seq) == Array(1...30))
                var expected: [UUID: ProjectState] = [:]
                for operation in earlier + later {
                    expected[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
                }
                let merged = try await repository.snapshot(board: "team")
                #expect(merged.seq == 40)
                #expect(
                    merged.projects.sorted { $0.id.uuidString < $1.id.uuidString }
                        == BoardSnapshot(seq: 40, states: Array(expected.values)).projects.sorted {
                            $0.id.uuidString < $1.id.uuidString
                        })
            }
        }
    }

    /// The foreign keys declared on `tables`.
    private func foreignKeys(_ url: String, on tables: [String]) async throws -> Int64 {
        try await PostgresTestDatabase.withClient(url) { client in
            let rows = try await client.query(
                """
                SELECT count(*) FROM pg_constraint
                WHERE contype = 'f' AND conrelid IN (SELECT oid FROM pg_class WHERE relname = ANY(\(tables)))
                """)
            for try await count in rows.decode(Int64.self) { return count }
            return -1
        }
    }
}
