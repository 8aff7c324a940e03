import PMDomain
import Testing

@Suite struct DayCountTests {
    @Test func daysAndWeeksAreCountedInDays() {
        #expect(DayCount(parsing: "3d")?.days == 3)
        #expect(DayCount(parsing: "2w")?.days == 14)
        #expect(DayCount(parsing: "2W")?.days == 14)
        #expect(DayCount(parsing: "0d")?.days == 0)
    }

    @Test func signIsRequiredExactlyWhenAllowed() {
        #expect(DayCount(parsing: "+3d", allowSign: true)?.days == 3)
        #expect(DayCount(parsing: "+3d") == nil)
        #expect(DayCount(parsing: "3d", allowSign: true) == nil)
    }

    @Test(arguments: ["", "d", "3", "3m", "-3d", "3 d", "3.5d", "삼d", "３d", "100001d"])
    func unreadableCountsGiveNothing(text: String) {
        #expect(DayCount(parsing: text) == nil)
    }

    @Test func largestCountIsAHundredThousand() {
        #expect(DayCount(parsing: "100000d")?.days == 100_000)
    }

    @Test func windowToleratesSurroundingSpaces() throws {
        #expect(try DayCount(window: " 3d ").days == 3)
    }

    @Test func unreadableWindowIsRefusedNamingTheForms() {
        let error = violation { try DayCount(window: "soon") }

        #expect(error?.description == "duration must be Nd or Nw (days or weeks), got \"soon\"")
        #expect(error?.field == "within")
        #expect(error?.rule == "durationUnreadable")
    }
}
