import PMCalendar
import PMDomain
import Testing

/// A VTODO's fields checked by the card rules, with the CLI's messages, on create and on change.
@Suite struct CalendarTaskRulesTests {
    private func taskWith(
        title: String = "Ship", description: String = "", deadline: String? = "2026-12-01", status: Status = .todo
    ) -> CalendarTask {
        CalendarTask(uid: nil, title: title, description: description, deadline: deadline.map(day), status: status)
    }

    @Test func aNewTaskGivesEveryFieldOfANewCard() throws {
        let fields = try taskWith(title: "  Ship  ", description: "notes", status: .doing).newProject(today: today)

        #expect(
            fields
                == ProjectFields(
                    title: "Ship", description: "notes", deadline: day("2026-12-01"), status: .doing, deleted: false))
    }

    @Test func aNewTaskWithoutDueIsDueToday() throws {
        #expect(try taskWith(deadline: nil).newProject(today: today).deadline == today)
    }

    @Test func aSummaryOf101CharactersIsRefusedWithTheCLIsMessage() {
        let error = #expect(throws: CalendarError.self) {
            try taskWith(title: String(repeating: "가", count: 101)).newProject(today: today)
        }

        #expect(error?.description == "title must be 1–100 characters, got 101")
        #expect(error?.rule == "titleLength")
        #expect(error?.field == "title")
    }

    @Test func aMissingSummaryIsRefused() {
        #expect(throws: CalendarError.self) { try taskWith(title: "").newProject(today: today) }
    }

    @Test func aPastDueOnCreateIsRefusedWithTheCLIsMessage() {
        let error = #expect(throws: CalendarError.self) {
            try taskWith(deadline: "2026-11-20").newProject(today: today)
        }

        #expect(error?.description == "deadline may not be before today (2026-11-21), got 2026-11-20")
        #expect(error?.rule == "deadlinePast")
    }

    @Test func aDescriptionOver1000CharactersIsRefused() {
        let error = #expect(throws: CalendarError.self) {
            try taskWith(description: String(repeating: "😀", count: 1001)).newProject(today: today)
        }

        #expect(error?.description == "description must be at most 1000 characters, got 1001")
    }

    @Test func onlyTheFieldsTheClientChangedAreChanges() throws {
        let previous = taskWith(title: "Ship", description: "a", deadline: "2026-12-01")

        let fields = try taskWith(title: "Ship it", description: "a", deadline: "2026-12-01").changes(
            since: previous, today: today)

        #expect(fields == ProjectFields(title: "Ship it"))
    }

    @Test func anUnchangedTaskChangesNothingEvenWithAPastDeadline() throws {
        let previous = taskWith(deadline: "2026-11-01", status: .doing)

        #expect(try previous.changes(since: previous, today: today).isEmpty)
    }

    @Test func whitespaceAroundAnUnchangedTitleIsNoChange() throws {
        #expect(try taskWith(title: " Ship ").changes(since: taskWith(title: "Ship"), today: today).isEmpty)
    }

    @Test func aDeadlineMovedIntoThePastIsRefused() {
        let error = #expect(throws: CalendarError.self) {
            try taskWith(deadline: "2026-11-01").changes(since: taskWith(deadline: "2026-12-01"), today: today)
        }

        #expect(error?.rule == "deadlinePast")
    }

    @Test func aChangedTitleOf101CharactersIsRefused() {
        #expect(throws: CalendarError.self) {
            try taskWith(title: String(repeating: "a", count: 101)).changes(since: taskWith(), today: today)
        }
    }

    @Test func aDroppedDueLeavesTheDeadlineAlone() throws {
        #expect(try taskWith(deadline: nil).changes(since: taskWith(), today: today).isEmpty)
    }

    @Test func needsActionOnATaskTheClientSawInProcessKeepsItDoing() throws {
        // Given Apple Reminders, which writes NEEDS-ACTION for every open task, renaming a DOING card
        let fields = try taskWith(title: "Renamed", status: .todo).changes(
            since: taskWith(status: .doing), today: today)

        #expect(fields == ProjectFields(title: "Renamed"))
    }

    @Test(arguments: [
        (Status.todo, Status.doing), (.todo, .done), (.doing, .done), (.done, .todo), (.done, .doing),
    ])
    func everyOtherStatusChangeIsAChange(from previous: Status, to new: Status) throws {
        #expect(
            try taskWith(status: new).changes(since: taskWith(status: previous), today: today)
                == ProjectFields(status: new))
    }
}
