import PMServer
import PMTestSupport
import Testing

@Suite struct InMemoryPushSubscriptionTests {
    @Test(arguments: PushSubscriptionConformance.checks)
    func keepsPushSubscriptionsByTheContract(_ check: PushSubscriptionConformance.Check) async throws {
        try await check.run { InMemorySyncRepository() }
    }
}
