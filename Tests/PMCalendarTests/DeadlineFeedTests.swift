import Foundation
import PMCalendar
import PMDomain
import Testing

/// The ICS feed: open cards' deadlines as all-day events with an alarm.
@Suite struct DeadlineFeedTests {
    /// The state of a card built from one operation that sets `fields`.
    private func state(_ id: Int, _ fields: ProjectFields, at wallTime: Int64 = 1_795_000_000_000) -> ProjectState {
        let uuid = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", id))!
        var state = ProjectState(id: uuid)
        state.apply(
            ProjectOperation(
                id: UUID(uuidString: String(format: "10000000-0000-4000-8000-%012d", id))!, projectID: uuid,
                timestamp: HybridTimestamp(wallTime: wallTime, counter: 0, device: uuid), fields: fields))
        return state
    }

    private func open(_ id: Int, _ title: String, _ deadline: String, status: Status = .todo) -> ProjectState {
        state(id, ProjectFields(title: title, description: "", deadline: day(deadline), status: status, deleted: false))
    }

    @Test func doneAndDeletedCardsAreLeftOutAndTheRestComeInDeadlineOrder() {
        let cards = [
            open(1, "Later", "2026-12-10"), open(2, "Done", "2026-12-01", status: .done),
            open(3, "Sooner", "2026-12-02"),
            state(4, ProjectFields(title: "Deleted", deadline: day("2026-12-01"), status: .todo, deleted: true)),
            open(5, "Overdue, still due", "2026-11-01", status: .doing),
        ]

        let feed = DeadlineFeed.calendar(of: cards, name: "Team")

        #expect(feed.components.map { $0.property("SUMMARY")?.text } == ["Overdue, still due", "Sooner", "Later"])
    }

    @Test func eachDeadlineIsAnAllDayEventWithADisplayAlarmAtNine() {
        let project = card(description: "notes")

        let text = ICalendarWriter.write(DeadlineFeed.event(for: project))

        #expect(
            text
                == ics(
                    "BEGIN:VEVENT", "UID:0a1b2c3d-0000-4000-8000-00000000cafe-deadline", "DTSTAMP:20261121T103000Z",
                    "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261202", "SUMMARY:Ship the calendar",
                    "DESCRIPTION:notes", "TRANSP:TRANSPARENT", "BEGIN:VALARM", "ACTION:DISPLAY",
                    "DESCRIPTION:Ship the calendar", "TRIGGER;RELATED=START:PT9H", "END:VALARM", "END:VEVENT"))
    }

    @Test func theFeedNamesItselfAndAsksToBeFetchedHourly() throws {
        let feed = DeadlineFeed.calendar(of: [], name: "Team, 한글")

        #expect(feed.property("X-WR-CALNAME")?.text == "Team, 한글")
        #expect(feed.property("METHOD")?.rawValue == "PUBLISH")
        #expect(feed.property("REFRESH-INTERVAL")?.rawValue == "PT1H")
        #expect(try ICalendarReader.read(ICalendarWriter.write(feed)) == feed)
    }
}
