import PMServer
import PMServerSQLite
import PMTestSupport
import Testing

@Suite struct SQLiteCalendarTextTests {
    @Test(arguments: CalendarTextConformance.checks)
    func keepsCalendarTextsByTheContract(_ check: CalendarTextConformance.Check) async throws {
        try await check.run { try SQLiteSyncRepository.inMemory() }
    }
}
