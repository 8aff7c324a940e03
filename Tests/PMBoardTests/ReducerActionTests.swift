import Foundation
import PMDomain
import TerminalKit
import Testing

@testable import PMBoard

@Suite struct ReducerActionTests {
    let cards = [
        Fixtures.project(1, "Write spec"),
        Fixtures.project(2, "Review", .doing),
    ]

    @Test func aAndPlusOpenTheNewProjectForm() {
        var state = Fixtures.state(cards)

        _ = state.press(.character("a"))
        #expect(state.mode == .form(.new()))
        _ = state.press(.escape, .character("+"))
        #expect(state.mode == .form(.new()))
    }

    @Test func savingAValidNewProjectAsksToAddIt() {
        var state = Fixtures.state(cards)
        _ = state.press(.character("a"))
        state.type("한글 제목")
        _ = state.press(.tab)
        state.type("+3d")
        _ = state.press(.tab)
        state.type("line one")
        _ = state.press(.enter)
        state.type("line two")

        let effects = state.press(.ctrl("s"))

        #expect(
            effects == [.add(ProjectInput(title: "한글 제목", deadline: "+3d", description: "line one\nline two"))])
        #expect(state.mode == .board)
    }

    @Test func savingInvalidFieldsShowsEachErrorBesideItsFieldAndSavesNothing() throws {
        var state = Fixtures.state(cards)
        _ = state.press(.character("a"))
        _ = state.press(.tab)
        state.type("2020-01-01")

        let effects = state.press(.ctrl("s"))

        #expect(effects.isEmpty)
        guard case .form(let form) = state.mode else {
            Issue.record("the form closed")
            return
        }
        #expect(form.errors[.title] == "title must be 1–100 characters, got 0")
        #expect(form.errors[.deadline] == "deadline may not be before today (2026-11-21), got 2020-01-01")
        #expect(form.errors[.description] == nil)
    }

    @Test func shiftTabMovesBackAFieldAndTabWraps() {
        var state = Fixtures.state(cards)
        _ = state.press(.character("a"))

        _ = state.press(.backTab)
        guard case .form(let form) = state.mode else { return }
        #expect(form.focus == .description)
        _ = state.press(.tab)
        guard case .form(let again) = state.mode else { return }
        #expect(again.focus == .title)
    }

    @Test func escAsksFirstWhenSomethingWasTyped() {
        var state = Fixtures.state(cards)
        _ = state.press(.character("a"))
        state.type("x")

        _ = state.press(.escape)
        guard case .confirmDiscard = state.mode else {
            Issue.record("expected the discard question, got \(state.mode)")
            return
        }
        _ = state.press(.character("n"))
        guard case .form(let form) = state.mode else { return }
        #expect(form.title == "x")
        _ = state.press(.escape, .character("y"))
        #expect(state.mode == .board)
    }

    @Test func enterOpensTheDetailAndEEditsWithTheCardsValues() {
        var state = Fixtures.state(cards)

        _ = state.press(.enter)
        #expect(state.mode == .detail(cards[0].id))
        _ = state.press(.character("e"))
        guard case .form(let form) = state.mode else { return }
        #expect(form.editing == cards[0].id)
        #expect(form.title == "Write spec")
        #expect(form.deadline == "2026-11-25")

        _ = state.press(.backspace, .backspace, .backspace, .backspace)
        state.type("it")
        #expect(
            state.press(.ctrl("s")) == [
                .edit(cards[0].id, ProjectInput(title: "Write it", deadline: "2026-11-25", description: ""))
            ])
    }

    @Test func mOffersTheTwoOtherListsAndEnterMoves() {
        var state = Fixtures.state(cards)

        _ = state.press(.character("m"))
        #expect(state.mode == .moveMenu(project: cards[0].id, index: 0))
        let effects = state.press(.down, .enter)

        #expect(effects == [.move(cards[0].id, .done)])
    }

    @Test func shiftHAndShiftLMoveTheCardAtOnceAndStopAtTheEdges() {
        var state = Fixtures.state(cards)

        #expect(state.press(.character("L")) == [.move(cards[0].id, .doing)])
        #expect(state.press(.character("H")).isEmpty)
    }

    @Test func dAndDeleteAskToDeleteTheSelectedCard() {
        var state = Fixtures.state(cards)

        #expect(state.press(.character("d")) == [.delete(cards[0].id)])
        #expect(state.press(.delete) == [.delete(cards[0].id)])
    }

    @Test func aDeletionResultSaysHowToUndoIt() {
        var state = Fixtures.state(cards)

        _ = state.reduce(.changed(cards[0].id, nil, message: "Deleted \"Write spec\" — u to undo"))

        #expect(state.cards(.todo).isEmpty)
        #expect(state.message == "Deleted \"Write spec\" — u to undo")
        _ = state.press(.down)
        #expect(state.message == nil)
    }

    @Test func uUndoesAndCtrlRRedoes() {
        var state = Fixtures.state(cards)

        #expect(state.press(.character("u")) == [.undo])
        #expect(state.press(.ctrl("r")) == [.redo])
    }

    @Test func yOpensTheHistoryPanelWhichScrollsAndEscCloses() {
        var state = Fixtures.state(cards)

        #expect(state.press(.character("y")) == [.loadHistory])
        #expect(state.mode == .history)
        _ = state.reduce(.historyLoaded([]))
        _ = state.press(.down)
        #expect(state.historyTop == 0)
        _ = state.press(.escape)
        #expect(state.mode == .board)
    }

    @Test func aMovedCardIsFollowedToItsNewList() {
        var state = Fixtures.state(cards)
        var moved = cards[0]
        moved.status = .done

        _ = state.reduce(.changed(moved.id, moved, message: "Moved"))

        #expect(state.column == .done)
        #expect(state.selectedProject?.id == moved.id)
        #expect(state.cards(.todo).isEmpty)
    }
}
