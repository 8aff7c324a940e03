import Foundation
import PMCalendar
import PMDomain
import Testing

/// A card written as a VCALENDAR with one VTODO, and a VTODO read as a card's fields.
@Suite struct CardCalendarTests {
    @Test func aCardIsWrittenAsOneVTodoWithEveryBoardField() {
        let text = ICalendarWriter.write(CardCalendar.calendar(for: card(description: "Notes, with; marks")))

        #expect(
            text
                == ics(
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Project Manager//pm-server//EN", "BEGIN:VTODO",
                    "UID:0a1b2c3d-0000-4000-8000-00000000cafe", "DTSTAMP:20261121T103000Z", "CREATED:20261120T090000Z",
                    "LAST-MODIFIED:20261121T103000Z", "SUMMARY:Ship the calendar", #"DESCRIPTION:Notes\, with\; marks"#,
                    "DUE;VALUE=DATE:20261201", "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR"))
    }

    @Test func anEmptyDescriptionIsLeftOut() {
        #expect(CardCalendar.todo(for: card()).property("DESCRIPTION") == nil)
    }

    @Test(arguments: [(Status.todo, "NEEDS-ACTION"), (.doing, "IN-PROCESS"), (.done, "COMPLETED")])
    func eachListHasItsStatus(status: Status, value: String) {
        #expect(CardCalendar.todo(for: card(status: status)).property("STATUS")?.rawValue == value)
    }

    @Test func aDoneCardCarriesAllThreeSignsOfDone() {
        let todo = CardCalendar.todo(for: card(status: .done))

        #expect(todo.property("STATUS")?.rawValue == "COMPLETED")
        #expect(todo.property("COMPLETED")?.rawValue == "20261121T103000Z")
        #expect(todo.property("PERCENT-COMPLETE")?.rawValue == "100")
    }

    @Test(arguments: [Status.todo, .doing])
    func anOpenCardCarriesNoSignOfDone(status: Status) {
        let todo = CardCalendar.todo(for: card(status: status))

        #expect(todo.property("COMPLETED") == nil)
        #expect(todo.property("PERCENT-COMPLETE") == nil)
    }

    @Test(arguments: [Status.todo, .doing, .done])
    func aWrittenCardReadsBackAsTheSameFields(status: Status) throws {
        let project = card(title: "회의 😀, a;b", description: "줄 하나\n줄 둘 \\", status: status)

        let text = ICalendarWriter.write(CardCalendar.calendar(for: project))
        let task = try CalendarTask(calendar: ICalendarReader.read(text), timeZone: seoul)

        #expect(
            task
                == CalendarTask(
                    uid: "0a1b2c3d-0000-4000-8000-00000000cafe", title: project.title, description: project.description,
                    deadline: project.deadline, status: status))
        try task.check(id: cardID)
    }

    @Test(arguments: [
        ["STATUS:COMPLETED"], ["COMPLETED:20261120T100000Z"], ["PERCENT-COMPLETE:100"],
        ["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:100"], ["STATUS:IN-PROCESS", "COMPLETED:20261120T100000Z"],
    ])
    func aTaskIsDoneByAnyOfTheThreeSigns(lines: [String]) throws {
        let calendar = try ICalendarReader.read(calendarText(["SUMMARY:x"] + lines))

        #expect(try CalendarTask(calendar: calendar, timeZone: seoul).status == .done)
    }

    @Test func inProcessIsDoingAndNeedsActionOrNoStatusIsTodo() throws {
        #expect(try task("STATUS:IN-PROCESS", "PERCENT-COMPLETE:40").status == .doing)
        #expect(try task("STATUS:needs-action").status == .todo)
        #expect(try task("SUMMARY:x").status == .todo)
    }

    @Test func aStatusTheBoardHasNoListForIsRefused() {
        let error = #expect(throws: CalendarError.self) { try task("STATUS:CANCELLED") }

        #expect(error?.description == "STATUS must be NEEDS-ACTION, IN-PROCESS or COMPLETED, got \"CANCELLED\"")
    }

    @Test func aDueDateTimeBecomesTheDayInTheCardsZone() throws {
        #expect(try task("DUE:20261130T200000Z").deadline == day("2026-12-01"))
    }

    @Test func aTaskWithoutDueHasNoDeadline() throws {
        #expect(try task("SUMMARY:x").deadline == nil)
    }

    @Test func twoVTodosAreRefused() throws {
        let calendar = try ICalendarReader.read(
            calendarText(["SUMMARY:a"], extra: ["BEGIN:VTODO", "SUMMARY:b", "END:VTODO"]))

        let error = #expect(throws: CalendarError.self) { try CalendarTask(calendar: calendar, timeZone: seoul) }

        #expect(error?.description == "VCALENDAR must hold exactly one VTODO, got 2")
    }

    @Test func aCalendarWithOnlyAVEventIsRefused() throws {
        let calendar = try ICalendarReader.read(
            ics("BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:meeting", "END:VEVENT", "END:VCALENDAR"))

        let error = #expect(throws: CalendarError.self) { try CalendarTask(calendar: calendar, timeZone: seoul) }

        #expect(error?.description == "VCALENDAR must hold exactly one VTODO, got none")
    }

    @Test func aVTimezoneBesideTheVTodoIsAllowed() throws {
        let calendar = try ICalendarReader.read(
            calendarText(
                ["SUMMARY:x", "DUE;TZID=Europe/Berlin:20261201T230000"],
                extra: ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "END:VTIMEZONE"]))

        // 23:00 in Berlin is 07:00 the next morning in Seoul.
        #expect(try CalendarTask(calendar: calendar, timeZone: seoul).deadline == day("2026-12-02"))
    }

    @Test func aBodyThatIsNotAVCalendarIsRefused() throws {
        let component = try ICalendarReader.read(ics("BEGIN:VTODO", "SUMMARY:x", "END:VTODO"))

        #expect(throws: CalendarError.self) { try CalendarTask(calendar: component, timeZone: seoul) }
    }

    @Test func aUIDThatIsNotTheCardsIdIsRefused() throws {
        let other = try task("UID:someone-else@example.com")

        let error = #expect(throws: CalendarError.self) { try other.check(id: cardID) }

        #expect(
            error?.description
                == "UID must be the card's id 0a1b2c3d-0000-4000-8000-00000000cafe, got \"someone-else@example.com\"")
        #expect(throws: CalendarError.self) { try task("SUMMARY:no uid").check(id: cardID) }
        try task("UID:0A1B2C3D-0000-4000-8000-00000000CAFE").check(id: cardID)
    }
}

/// Where a done card's completion time comes from, and the board's own task.
@Suite struct CardCalendarCompletionTests {
    private func state(_ status: Status, movedAt wallTime: Int64) -> ProjectState {
        var state = ProjectState(id: cardID)
        let device = UUID(uuidString: "00000000-0000-4000-8000-0000000000DE")!
        state.apply(
            ProjectOperation(
                id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, projectID: cardID,
                timestamp: HybridTimestamp(wallTime: 1_795_000_000_000, counter: 0, device: device),
                fields: ProjectFields(title: "x", description: "", deadline: day("2026-12-01"), status: .todo)))
        state.apply(
            ProjectOperation(
                id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, projectID: cardID,
                timestamp: HybridTimestamp(wallTime: wallTime, counter: 0, device: device),
                fields: ProjectFields(status: status)))
        return state
    }

    @Test func aDoneCardWasCompletedWhenItsStatusWasSet() throws {
        // Given a card moved to DONE at 2026-11-21T10:00:00Z (1795255200000 ms)
        let done = state(.done, movedAt: 1_795_255_200_000)

        let completedAt = try #require(CardCalendar.completionTime(of: done))
        let todo = CardCalendar.todo(for: try #require(done.project), completedAt: completedAt)

        #expect(todo.property("COMPLETED")?.rawValue == "20261121T100000Z")
    }

    @Test func anOpenCardHasNoCompletionTime() {
        #expect(CardCalendar.completionTime(of: state(.doing, movedAt: 1_795_255_200_000)) == nil)
    }

    @Test func theBoardsOwnTaskIsWhatItsVTodoReadsAs() throws {
        let project = card(description: "notes", status: .doing)

        let read = try CalendarTask(calendar: CardCalendar.calendar(for: project), timeZone: berlin)

        #expect(CalendarTask(project: project) == read)
    }
}
