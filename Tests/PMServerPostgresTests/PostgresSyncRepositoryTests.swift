import Foundation
import PMDomain
import PMServer
import PMServerPostgres
import PMSyncProtocol
import PMTestSupport
import PostgresNIO
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct PostgresSyncRepositoryTests {
    @Test(arguments: SyncRepositoryConformance.checks)
    func conformsToTheRepositoryContract(_ check: SyncRepositoryConformance.Check) async throws {
        try await PostgresTestDatabase.withFreshRepository { repository in
            try await check.run { repository }
        }
    }

    @Test func twoServersPushingToOneBoardGetGapFreeOrderedSeqs() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let logger = PostgresTestDatabase.logger
            // Given two repositories on one database, each with its own client, as two servers.
            try await PostgresSyncRepository.withRepository(url: url, clock: ContinuousClock(), logger: logger) {
                first in
                try await first.addUser(name: "ada")
                try await first.addBoard("team", members: ["ada"])
                try await PostgresSyncRepository.withRepository(url: url, clock: ContinuousClock(), logger: logger) {
                    second in
                    // When twenty clients push five-operation batches through either, at once.
                    let seqs = try await withThrowingTaskGroup(of: [Int64].self) { group in
                        for client in 0..<20 {
                            let server = client.isMultiple(of: 2) ? first : second
                            let batch = (1...5).map {
                                SyncFixtures.operation(client * 5 + $0, project: client, fields: .init(title: "Card"))
                            }
                            group.addTask { try await server.push(board: "team", operations: batch).map(\.seq) }
                        }
                        return try await group.reduce(into: [Int64]()) { $0 += $1 }
                    }
                    // Then the numbers are 1…100 without gaps, and either server pulls them in order.
                    #expect(seqs.sorted() == Array(1...100))
                    let page = try await second.operations(board: "team", after: 0, limit: 1000)
                    #expect(page.operations.map(\.seq) == Array(1...100))
                    #expect(page.head == 100)
                    #expect(try await first.snapshot(board: "team").projects.count == 20)
                }
            }
        }
    }

    @Test func serversStartingAtOnceMigrateOnce() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given four servers starting on one empty database at once.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await PostgresSyncRepository.withRepository(
                            url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
                        ) {
                            _ in
                        }
                    }
                }
                try await group.waitForAll()
            }
            // Then each migration is recorded once.
            let names = try await PostgresTestDatabase.withClient(url) { client in
                var names: [String] = []
                for try await name in try await client.query("SELECT name FROM pm_migrations").decode(String.self) {
                    names.append(name)
                }
                return names
            }
            #expect(
                names.sorted() == [
                    "v1: users, tokens, boards, members, operations, projects", "v2: feed keys", "v3: sessions",
                    "v4: passwords", "v5: operation authors", "v6: calendar texts", "v7: pushes without board keys",
                    "v8: token times", "v9: push subscriptions",
                ])
        }
    }

    @Test func pushNotifiesTheBoardsNewHeadToListeners() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try await PostgresSyncRepository.withRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
            ) {
                repository in
                try await repository.addUser(name: "ada")
                try await repository.addBoard("team", members: ["ada"])
                // Given a listener on another connection, as another server would hold.
                let payload = try await PostgresTestDatabase.withClient(url) { client in
                    try await client.withConnection { connection in
                        try await connection.listen(on: PostgresSyncRepository.notificationChannel) {
                            notifications -> String? in
                            // When a push lands.
                            _ = try await repository.push(
                                board: "team", operations: [SyncFixtures.operation(1), SyncFixtures.operation(2)])
                            for try await notification in notifications { return notification.payload }
                            return nil
                        }
                    }
                }
                // Then the listener hears the board and its new head.
                let heard = try JSONDecoder().decode(BoardHeadNotification.self, from: Data(try #require(payload).utf8))
                #expect(heard == BoardHeadNotification(board: "team", head: 2))
            }
        }
    }

    @Test func retriedPushNotifiesNothing() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try await PostgresSyncRepository.withRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
            ) {
                repository in
                try await repository.addUser(name: "ada")
                try await repository.addBoard("team", members: ["ada"])
                _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(1)])
                let payload = try await PostgresTestDatabase.withClient(url) { client in
                    try await client.withConnection { connection in
                        try await connection.listen(on: PostgresSyncRepository.notificationChannel) {
                            notifications -> String? in
                            // When the same batch is retried, then a new operation is pushed.
                            _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(1)])
                            _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(2)])
                            for try await notification in notifications { return notification.payload }
                            return nil
                        }
                    }
                }
                // Then the first notification heard is the new operation's.
                let heard = try JSONDecoder().decode(BoardHeadNotification.self, from: Data(try #require(payload).utf8))
                #expect(heard == BoardHeadNotification(board: "team", head: 2))
            }
        }
    }
}
