import PMServer
import PMServerSQLite
import PMTestSupport
import Testing

@Suite struct SQLiteCalendarCardTests {
    @Test(arguments: CalendarCardConformance.checks)
    func readsCalendarCardsByTheContract(_ check: CalendarCardConformance.Check) async throws {
        try await check.run { try SQLiteSyncRepository.inMemory() }
    }
}
