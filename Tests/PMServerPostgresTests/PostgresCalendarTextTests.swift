import PMServer
import PMServerPostgres
import PMTestSupport
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct PostgresCalendarTextTests {
    @Test(arguments: CalendarTextConformance.checks)
    func keepsCalendarTextsByTheContract(_ check: CalendarTextConformance.Check) async throws {
        try await PostgresTestDatabase.withFreshRepository { repository in
            try await check.run { repository }
        }
    }
}
