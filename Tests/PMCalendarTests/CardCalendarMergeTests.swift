import PMCalendar
import PMDomain
import Testing

/// The board's fields merged into the text a client sent, keeping everything else it said.
@Suite struct CardCalendarMergeTests {
    /// What a task app might have stored for the card: fields the board has no place for, an
    /// alarm, a time zone and a DUE with a time.
    private let clientText = ics(
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.0//EN", "BEGIN:VTIMEZONE",
        "TZID:Asia/Seoul", "END:VTIMEZONE", "BEGIN:VTODO", "UID:0a1b2c3d-0000-4000-8000-00000000cafe",
        "SUMMARY:Old title", "PRIORITY:1", #"CATEGORIES:work,한글\,태그"#, "DUE;TZID=Asia/Seoul:20261201T180000",
        "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:40", "X-APPLE-SORT-ORDER:123456",
        #"X-CUSTOM;X-PARAM="a:b":kept\, as is"#, "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M",
        "DESCRIPTION:Reminder", "END:VALARM", "END:VTODO", "END:VCALENDAR")

    private func merged(_ project: Project) throws -> ICalendarComponent {
        CardCalendar.merge(project, into: try ICalendarReader.read(clientText), timeZone: seoul)
    }

    @Test func propertiesTheBoardHasNoFieldForComeBackAsTheClientSentThem() throws {
        let client = try ICalendarReader.read(clientText).components[1]

        let todo = try merged(card(title: "New title", status: .doing)).components[1]

        for name in ["PRIORITY", "CATEGORIES", "X-APPLE-SORT-ORDER", "X-CUSTOM", "PERCENT-COMPLETE"] {
            #expect(todo.property(name) == client.property(name), "\(name)")
        }
        #expect(todo.components == client.components)
    }

    @Test func theClientsTimeZonesAndCalendarPropertiesAreKept() throws {
        let calendar = try merged(card())

        #expect(calendar.components.map(\.name) == ["VTIMEZONE", "VTODO"])
        #expect(calendar.property("PRODID")?.rawValue == "-//Apple Inc.//iOS 18.0//EN")
    }

    @Test func theBoardsFieldsReplaceTheClientsWhereTheyStood() throws {
        let todo = try merged(
            card(title: "New, title", description: "Now with notes", deadline: "2026-12-05", status: .doing)
        )
        .components[1]

        #expect(todo.property("SUMMARY")?.text == "New, title")
        #expect(todo.property("DESCRIPTION")?.text == "Now with notes")
        #expect(ICalendarWriter.contentLine(todo.property("DUE")!) == "DUE;VALUE=DATE:20261205")
        #expect(todo.property("STATUS")?.rawValue == "IN-PROCESS")
        #expect(todo.property("LAST-MODIFIED")?.rawValue == "20261121T103000Z")
        // SUMMARY stays second, after UID, where the client had it.
        #expect(todo.properties[1].name == "SUMMARY")
    }

    @Test func aDueOnTheCardsDeadlineDayIsKeptWithItsTime() throws {
        let todo = try merged(card(deadline: "2026-12-01")).components[1]

        #expect(ICalendarWriter.contentLine(todo.property("DUE")!) == "DUE;TZID=Asia/Seoul:20261201T180000")
    }

    @Test func aDoneCardGetsAllThreeSigns() throws {
        let todo = try merged(card(status: .done)).components[1]

        #expect(todo.property("STATUS")?.rawValue == "COMPLETED")
        #expect(todo.property("COMPLETED")?.rawValue == "20261121T103000Z")
        #expect(todo.properties("PERCENT-COMPLETE").map(\.rawValue) == ["100"])
    }

    @Test func aCardNoLongerDoneLosesEverySignOfDone() throws {
        let done = try merged(card(status: .done))

        let reopened = CardCalendar.merge(card(status: .todo), into: done, timeZone: seoul).components[1]

        #expect(reopened.property("STATUS")?.rawValue == "NEEDS-ACTION")
        #expect(reopened.property("COMPLETED") == nil)
        #expect(reopened.property("PERCENT-COMPLETE") == nil)
        #expect(try CalendarTask(todo: reopened, timeZone: seoul).status == .todo)
    }

    @Test func theClientsCompletionTimeIsKeptWhileTheCardIsDone() throws {
        let client = try ICalendarReader.read(
            calendarText(["SUMMARY:x", "STATUS:COMPLETED", "COMPLETED:20261120T080000Z"]))

        let todo = CardCalendar.merge(card(status: .done), into: client, timeZone: seoul).components[0]

        #expect(todo.property("COMPLETED")?.rawValue == "20261120T080000Z")
    }

    @Test func anEmptyDescriptionRemovesTheClientsDescription() throws {
        let client = try ICalendarReader.read(calendarText(["SUMMARY:x", "DESCRIPTION:old notes"]))

        #expect(CardCalendar.merge(card(), into: client, timeZone: seoul).components[0].property("DESCRIPTION") == nil)
    }

    @Test func theMergedTextReadsBackAsTheBoardsFields() throws {
        let project = card(title: "새 제목 😀", description: "a;b,c\\d", deadline: "2026-12-03", status: .done)

        let text = ICalendarWriter.write(try merged(project))
        let task = try CalendarTask(calendar: ICalendarReader.read(text), timeZone: seoul)

        #expect(task.title == project.title)
        #expect(task.description == project.description)
        #expect(task.deadline == project.deadline)
        #expect(task.status == .done)
    }

    @Test func aCalendarWithoutAVTodoGetsTheCardsOwn() throws {
        let client = try ICalendarReader.read(ics("BEGIN:VCALENDAR", "VERSION:2.0", "END:VCALENDAR"))

        #expect(
            CardCalendar.merge(card(), into: client, timeZone: seoul).components == [CardCalendar.todo(for: card())])
    }
}
