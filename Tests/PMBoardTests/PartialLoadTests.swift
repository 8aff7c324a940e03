import Foundation
import PMDomain
import PMTestSupport
import TerminalKit
import Testing

@testable import PMBoard

/// The board opened on each list's first cards, with the rest arriving later: keys pressed in
/// between act on what is shown, and the rest keeps what they did.
@Suite struct PartialLoadTests {
    /// Eight cards to do, a day apart, and two in progress.
    let cards =
        (1...8).map { Fixtures.project(UInt64($0), "Task \($0)", deadline: "2026-11-\(21 + $0)") }
        + [Fixtures.project(20, "Doing A", .doing), Fixtures.project(21, "Doing B needle", .doing)]

    /// The opening state: the first three cards of each list and the lists' sizes.
    func opening() -> BoardState {
        var state = Fixtures.state([])
        let board = Board(cards)
        state.showFirst(
            Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, Array(board[$0].prefix(3))) }),
            totals: [.todo: 8, .doing: 2, .done: 0])
        return state
    }

    func frame(_ state: BoardState) -> String {
        BoardView.render(state).lines.joined(separator: "\n")
    }

    @Test func theOpeningFrameCountsTheCardsNotLoadedYet() {
        let state = opening()

        #expect(!state.isComplete)
        #expect(state.cards(.todo).count == 3)
        #expect(state.count(.todo) == 8)
        #expect(frame(state).contains("TODO (8)"))
        #expect(frame(state).contains("DOING (2)"))
    }

    @Test func aSelectionMovedBeforeTheRestArrivedStaysOnItsCard() {
        // Given the opening state, the selection moved to the third card
        var state = opening()
        _ = state.press(.character("j"), .character("j"))
        #expect(state.selectedProject?.title == "Task 3")

        // When every card arrives
        _ = state.reduce(.loaded(Board(cards)))

        // Then the same card is selected, and the list holds every card
        #expect(state.isComplete)
        #expect(state.selectedProject?.title == "Task 3")
        #expect(state.cards(.todo).map(\.title) == (1...8).map { "Task \($0)" })
        #expect(frame(state).contains("TODO (8)"))
    }

    @Test func theSelectionStopsAtTheLastLoadedCardUntilTheRestArrive() {
        var state = opening()

        _ = state.press(.character("G"))
        #expect(state.selectedProject?.title == "Task 3")
        _ = state.reduce(.loaded(Board(cards)))
        _ = state.press(.character("G"))

        #expect(state.selectedProject?.title == "Task 8")
    }

    @Test func aCardMovedBeforeTheRestArrivedIsCountedInItsNewListAndKeptThere() {
        // Given the opening state with the first card selected
        var state = opening()
        let first = cards[0]

        // When it is moved to DOING, before the rest arrive
        let effects = state.press(.character("L"))
        #expect(effects == [.move(first.id, .doing)])
        var moved = first
        moved.status = .doing
        _ = state.reduce(.changed(first.id, moved, message: "Moved"))

        // Then both lists' sizes follow it, and the whole board read after the move keeps it
        #expect(state.count(.todo) == 7)
        #expect(state.count(.doing) == 3)
        #expect(state.selectedProject?.id == first.id)
        _ = state.reduce(.loaded(Board([moved] + cards.dropFirst())))
        #expect(state.count(.doing) == 3)
        #expect(state.column == .doing)
        #expect(state.selectedProject?.id == first.id)
    }

    @Test func aFilterTypedBeforeTheRestArrivedCoversEveryCardOnceTheyDo() {
        // Given a filter typed on the opening state, matching a card not loaded yet
        var state = opening()
        _ = state.press(.character("/"))
        state.type("Task 7")
        #expect(state.cards(.todo).isEmpty)

        // When every card arrives
        _ = state.reduce(.loaded(Board(cards)))

        // Then the filter finds it
        #expect(state.cards(.todo).map(\.title) == ["Task 7"])
        #expect(state.count(.todo) == 1)
    }
}
