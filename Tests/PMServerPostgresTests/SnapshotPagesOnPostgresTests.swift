import Foundation
import PMDomain
import PMServer
import PMServerPostgres
import PMSyncProtocol
import PMTestSupport
import PostgresNIO
import Testing

/// A snapshot streamed from PostgreSQL: one read transaction held while its pages are read, so
/// the first page goes out before a large board is read whole, and ended once the pages are read
/// or dropped, so a device that goes away mid-answer leaves no connection behind.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct SnapshotPagesOnPostgresTests {
    @Test func pagesHoldOneTransactionWhileReadAndEndItWhenReadToTheEndOrDropped() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            try await PostgresSyncRepository.withRepository(
                url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
            ) { repository in
                // Given a board of five cards
                try await repository.addUser(name: "ada")
                try await repository.addBoard("team", members: ["ada"])
                _ = try await repository.push(
                    board: "team",
                    operations: (1...5).map {
                        SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "Card \($0)"))
                    })

                // When its pages of two are opened and the first is read
                let pages = try await repository.snapshotPages(board: "team", size: 2)
                let first = try await pages.next()

                // Then one read transaction holds the rest
                #expect(first.count == 2)
                #expect(try await Self.openTransactions(url) == 1)

                // When the rest is read to the end
                var rest: [BoardSnapshot.Card] = []
                while case let page = try await pages.next(), !page.isEmpty { rest += page }

                // Then every card came once, and the transaction ended
                #expect(Set((first + rest).map(\.title)) == Set((1...5).map { "Card \($0)" }))
                #expect(try await Self.openTransactionsSettle(url) == 0)

                // When another snapshot's first page is read and its pages dropped
                var dropped: SnapshotPages? = try await repository.snapshotPages(board: "team", size: 2)
                #expect(try await dropped?.next().count == 2)
                #expect(try await Self.openTransactions(url) == 1)
                dropped = nil

                // Then its transaction ends too
                #expect(try await Self.openTransactionsSettle(url) == 0)
            }
        }
    }

    /// Sessions of the database at `url` inside a transaction, waiting for their next statement.
    static func openTransactions(_ url: String) async throws -> Int {
        try await PostgresTestDatabase.withClient(url) { client in
            let rows = try await client.query(
                """
                SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND state = 'idle in transaction'
                """)
            return try await rows.decode(Int.self).first(where: { _ in true }) ?? -1
        }
    }

    /// ``openTransactions(_:)`` once it is 0, or after five seconds: a dropped reader's
    /// transaction ends a moment after it is dropped.
    static func openTransactionsSettle(_ url: String) async throws -> Int {
        var open = try await openTransactions(url)
        for _ in 0..<50 where open > 0 {
            try await Task.sleep(for: .milliseconds(100))
            open = try await openTransactions(url)
        }
        return open
    }
}
