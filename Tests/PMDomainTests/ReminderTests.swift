import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct ReminderTests {
    func card(_ number: UInt64, deadline: String, status: Status = .todo) -> Project {
        Project(
            id: .counted(number), title: "card \(number)", description: "", deadline: day(deadline), status: status,
            createdAt: instant("2026-11-01T00:00:00Z"), updatedAt: instant("2026-11-01T00:00:00Z"))
    }

    @Test func overdueAndDueTodayAreRemindedOfAndLaterOnesAreNot() {
        // Given cards due yesterday, today and tomorrow
        let cards = [card(1, deadline: "2026-11-22"), card(2, deadline: "2026-11-21"), card(3, deadline: "2026-11-20")]
        // When the window is one day (today)
        let due = Reminder.due(cards, today: today, window: DayCount(days: 1), alreadySent: [])
        // Then the overdue one and today's are due, oldest deadline first
        #expect(due.map(\.id) == [.counted(3), .counted(2)])
    }

    @Test func aWiderWindowTakesInTheDaysAhead() {
        let cards = [card(1, deadline: "2026-11-23"), card(2, deadline: "2026-11-24")]
        let due = Reminder.due(cards, today: today, window: DayCount(days: 3), alreadySent: [])
        #expect(due.map(\.id) == [.counted(1)])
    }

    @Test func doneCardsAreNeverRemindedOf() {
        let cards = [card(1, deadline: "2026-11-20", status: .done), card(2, deadline: "2026-11-21", status: .doing)]
        let due = Reminder.due(cards, today: today, window: DayCount(days: 1), alreadySent: [])
        #expect(due.map(\.id) == [.counted(2)])
    }

    @Test func aCardIsRemindedOfOncePerDeadline() {
        // Given a card already reminded of for its deadline
        let sent: Set = [Reminder(projectID: .counted(1), deadline: day("2026-11-21"))]
        // Then it is not due again
        #expect(
            Reminder.due([card(1, deadline: "2026-11-21")], today: today, window: DayCount(days: 1), alreadySent: sent)
                .isEmpty)
        // But when its deadline moves, it is due again
        let moved = card(1, deadline: "2026-11-22")
        #expect(
            Reminder.due([moved], today: today, window: DayCount(days: 2), alreadySent: sent).map(\.id) == [.counted(1)]
        )
    }

    @Test func theWordingSaysWhenTheDeadlineFalls() {
        #expect(Reminder.when(day("2026-11-19"), today: today) == "Overdue since 2026-11-19")
        #expect(Reminder.when(day("2026-11-21"), today: today) == "Due today")
        #expect(Reminder.when(day("2026-11-22"), today: today) == "Due tomorrow")
        #expect(Reminder.when(day("2026-11-25"), today: today) == "Due in 4 days, 2026-11-25")
    }
}
