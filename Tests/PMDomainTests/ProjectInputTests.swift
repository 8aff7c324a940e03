import PMDomain
import PMTestSupport
import Testing

/// Adding and editing a card, on 2026-11-21.
@Suite struct ProjectInputTests {
    @Test func newProjectStartsInTodoDueTodayNotDeletedWithEmptyDescription() throws {
        // Given only a title
        let input = ProjectInput(title: "  스펙 작성  ")

        // When the fields of a new project are made
        let fields = try input.newProject(today: today)

        // Then every field is set, with the defaults
        #expect(
            fields == ProjectFields(title: "스펙 작성", description: "", deadline: today, status: .todo, deleted: false))
    }

    @Test(arguments: [
        ("today", "2026-11-21"), ("tomorrow", "2026-11-22"), ("+1w", "2026-11-28"), ("2027-01-01", "2027-01-01"),
    ])
    func newProjectTakesTheDeadlineAsTyped(typed: String, expected: String) throws {
        let fields = try ProjectInput(title: "Write spec", deadline: typed).newProject(today: today)

        #expect(fields.deadline == day(expected))
    }

    @Test func newProjectDueYesterdayIsRefusedNamingToday() {
        let error = violation { try ProjectInput(title: "Write spec", deadline: "2026-11-20").newProject(today: today) }

        #expect(error?.description == "deadline may not be before today (2026-11-21), got 2026-11-20")
        #expect(error?.field == "deadline")
        #expect(error?.rule == "deadlinePast")
    }

    @Test func newProjectWithoutTitleIsRefused() {
        let error = violation { try ProjectInput(deadline: "tomorrow").newProject(today: today) }

        #expect(error?.description == "title must be 1–100 characters, got 0")
    }

    @Test func newProjectKeepsItsTrimmedDescription() throws {
        let fields = try ProjectInput(title: "배포", description: "\n첫 줄\n둘째 줄\n").newProject(today: today)

        #expect(fields.description == "첫 줄\n둘째 줄")
    }

    @Test func newProjectWithTooLongDescriptionIsRefused() {
        let input = ProjectInput(title: "배포", description: String(repeating: "가", count: 1001))

        #expect(
            violation { try input.newProject(today: today) }?.description
                == "description must be at most 1000 characters, got 1001")
    }

    @Test func newProjectWithUnreadableDeadlineIsRefused() {
        let error = violation { try ProjectInput(title: "배포", deadline: "다음주").newProject(today: today) }

        #expect(error?.rule == "deadlineUnreadable")
    }

    /// A card that has been due since 1 November.
    private let overdueCard = card(1, "Write spec", deadline: "2026-11-01", status: .doing)

    @Test func editReturnsOnlyTheFieldsThatChange() throws {
        // Given a new title and the description the card already has
        let input = ProjectInput(title: "Write the spec", description: "")

        // When the edit is worked out
        let fields = try input.edit(of: overdueCard, today: today)

        // Then only the title is set
        #expect(fields == ProjectFields(title: "Write the spec"))
    }

    @Test func editRepeatingEveryValueChangesNothing() throws {
        let input = ProjectInput(title: "  Write spec ", deadline: "2026-11-01", description: "\n")

        let fields = try input.edit(of: overdueCard, today: today)

        #expect(fields.isEmpty)
    }

    @Test func editKeepingAPastDeadlineIsAllowed() throws {
        let fields = try ProjectInput(title: "스펙", deadline: "2026-11-01").edit(of: overdueCard, today: today)

        #expect(fields == ProjectFields(title: "스펙"))
    }

    @Test func editMovingTheDeadlineToAnotherPastDayIsRefused() {
        let error = violation { try ProjectInput(deadline: "2026-11-02").edit(of: overdueCard, today: today) }

        #expect(error?.description == "deadline may not be before today (2026-11-21), got 2026-11-02")
    }

    @Test func editMovingTheDeadlineToTodayOrLaterIsAccepted() throws {
        #expect(try ProjectInput(deadline: "today").edit(of: overdueCard, today: today).deadline == today)
        #expect(try ProjectInput(deadline: "+2d").edit(of: overdueCard, today: today).deadline == day("2026-11-23"))
    }

    @Test func editWithOneBadFieldChangesNothing() {
        // Given a good description and a two-line title
        let input = ProjectInput(title: "a\nb", description: "new")

        // Then the whole edit is refused rather than half applied
        #expect(violation { try input.edit(of: overdueCard, today: today) }?.rule == "titleMultiline")
    }

    @Test func emptyInputIsEmpty() {
        #expect(ProjectInput().isEmpty)
        #expect(!ProjectInput(description: "").isEmpty)
    }
}
