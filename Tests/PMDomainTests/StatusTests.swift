import PMDomain
import Testing

@Suite struct StatusTests {
    @Test(arguments: [("todo", Status.todo), ("DOING", .doing), ("Done", .done)])
    func statusIsReadInAnyCase(text: String, expected: Status) throws {
        #expect(try Status(parsing: text) == expected)
    }

    @Test(arguments: ["later", "", "할일", "to do"])
    func unknownStatusIsRefusedNamingTheThreeLists(text: String) {
        let error = violation { try Status(parsing: text) }

        #expect(error?.description == "status must be todo, doing or done, got \"\(text)\"")
        #expect(error?.field == "status")
        #expect(error?.rule == "statusUnknown")
    }

    @Test func othersAreTheTwoListsACardCanMoveTo() {
        #expect(Status.todo.others == [.doing, .done])
        #expect(Status.doing.others == [.todo, .done])
        #expect(Status.done.others == [.todo, .doing])
    }

    @Test func listsRunLeftToRightAsTodoDoingDone() {
        #expect(Status.allCases == [.todo, .doing, .done])
        #expect(Status.todo < .doing && Status.doing < .done)
        #expect([Status.done, .todo, .doing].sorted() == [.todo, .doing, .done])
    }

    @Test func headingIsTheListNameInCapitals() {
        #expect(Status.allCases.map(\.heading) == ["TODO", "DOING", "DONE"])
    }
}
