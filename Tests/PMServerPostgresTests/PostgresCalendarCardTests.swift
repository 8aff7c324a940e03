import PMServer
import PMServerPostgres
import PMTestSupport
import Testing

@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage))
struct PostgresCalendarCardTests {
    @Test(arguments: CalendarCardConformance.checks)
    func readsCalendarCardsByTheContract(_ check: CalendarCardConformance.Check) async throws {
        try await PostgresTestDatabase.withFreshRepository { repository in
            try await check.run { repository }
        }
    }
}
