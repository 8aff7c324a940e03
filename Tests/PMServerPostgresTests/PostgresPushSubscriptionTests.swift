import PMServer
import PMServerPostgres
import PMTestSupport
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct PostgresPushSubscriptionTests {
    @Test(arguments: PushSubscriptionConformance.checks)
    func keepsPushSubscriptionsByTheContract(_ check: PushSubscriptionConformance.Check) async throws {
        try await PostgresTestDatabase.withFreshRepository { repository in
            try await check.run { repository }
        }
    }
}
