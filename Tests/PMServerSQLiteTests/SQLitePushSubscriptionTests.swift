import PMServer
import PMServerSQLite
import PMTestSupport
import Testing

@Suite struct SQLitePushSubscriptionTests {
    @Test(arguments: PushSubscriptionConformance.checks)
    func keepsPushSubscriptionsByTheContract(_ check: PushSubscriptionConformance.Check) async throws {
        try await check.run { try SQLiteSyncRepository.inMemory() }
    }
}
