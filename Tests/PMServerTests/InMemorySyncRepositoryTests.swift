import PMServer
import PMTestSupport
import Testing

@Suite struct InMemorySyncRepositoryTests {
    @Test(arguments: SyncRepositoryConformance.checks)
    func conformsToTheRepositoryContract(_ check: SyncRepositoryConformance.Check) async throws {
        try await check.run { InMemorySyncRepository() }
    }
}
