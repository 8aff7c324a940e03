import PMServer
import PMTestSupport
import Testing

@Suite struct InMemoryCalendarTextTests {
    @Test(arguments: CalendarTextConformance.checks)
    func keepsCalendarTextsByTheContract(_ check: CalendarTextConformance.Check) async throws {
        try await check.run { InMemorySyncRepository() }
    }
}
