import Foundation
import PMDomain
import TerminalKit
import Testing

@testable import PMBoard

@Suite struct ReducerNavigationTests {
    let cards = [
        Fixtures.project(1, "First", deadline: "2026-11-22"),
        Fixtures.project(2, "Second", deadline: "2026-11-23"),
        Fixtures.project(3, "Third", deadline: "2026-11-24"),
        Fixtures.project(4, "Doing one", .doing),
        Fixtures.project(5, "Done one", .done),
    ]

    @Test func arrowsAndVimKeysMoveBetweenListsAndStopAtTheEdges() {
        var state = Fixtures.state(cards)

        _ = state.press(.right)
        #expect(state.column == .doing)
        _ = state.press(.character("l"), .character("l"))
        #expect(state.column == .done)
        _ = state.press(.left, .character("h"), .character("h"))
        #expect(state.column == .todo)
    }

    @Test func upDownAndJKMoveBetweenCardsWithinTheList() {
        var state = Fixtures.state(cards)

        _ = state.press(.down, .character("j"))
        #expect(state.selectedProject?.title == "Third")
        _ = state.press(.down)
        #expect(state.selectedProject?.title == "Third")
        _ = state.press(.up, .character("k"), .character("k"))
        #expect(state.selectedProject?.title == "First")
    }

    @Test func gAndShiftGJumpToTheFirstAndLastCard() {
        var state = Fixtures.state(cards)

        _ = state.press(.character("G"))
        #expect(state.selectedProject?.title == "Third")
        _ = state.press(.character("g"))
        #expect(state.selectedProject?.title == "First")
    }

    @Test func pageDownScrollsALongListSoTheSelectionStaysInView() {
        let many = (1...200).map { Fixtures.project(UInt64($0), "Card \($0)") }
        var state = Fixtures.state(many, height: 20)

        _ = state.press(.pageDown, .pageDown, .pageDown)

        let selected = state.selected[.todo] ?? 0
        #expect(selected > 0)
        let layout = BoardLayout(state)
        let visible = layout.visibleCards(state, layout.columns[0]).map(\.index)
        #expect(visible.contains(selected))
        _ = state.press(.pageUp, .pageUp, .pageUp)
        #expect(state.selected[.todo] == 0)
        #expect(state.top[.todo] == 0)
    }

    @Test func jumpingToTheLastOfManyCardsShowsIt() {
        let many = (1...20_000).map { Fixtures.project(UInt64($0), "Card \($0)") }
        var state = Fixtures.state(many)

        _ = state.press(.character("G"))

        let layout = BoardLayout(state)
        #expect(layout.visibleCards(state, layout.columns[0]).last?.index == 19_999)
    }

    @Test func aReloadKeepsTheSelectionOnTheSameCard() {
        var state = Fixtures.state(cards)
        _ = state.press(.down)
        #expect(state.selectedProject?.title == "Second")

        // Another process adds a card that sorts before the selected one.
        _ = state.reduce(.reloaded(cards + [Fixtures.project(9, "Earlier", deadline: "2026-11-21")]))

        #expect(state.selectedProject?.title == "Second")
        #expect(state.selected[.todo] == 2)
    }

    @Test func slashFiltersCardsAsYouTypeAndEscClearsIt() {
        var state = Fixtures.state(cards + [Fixtures.project(6, "한글 제목")])

        _ = state.press(.character("/"))
        state.type("한글")
        #expect(state.cards(.todo).map(\.title) == ["한글 제목"])
        #expect(state.cards(.doing).isEmpty)
        _ = state.press(.enter)
        #expect(!state.isTypingFilter)
        #expect(state.filter == "한글")
        _ = state.press(.escape)
        #expect(state.cards(.todo).count == 4)
    }

    @Test func questionMarkShowsHelpAndAnyKeyClosesIt() {
        var state = Fixtures.state(cards)

        _ = state.press(.character("?"))
        #expect(state.mode == .help)
        _ = state.press(.character("x"))
        #expect(state.mode == .board)
    }

    @Test func qAndCtrlCQuit() {
        var state = Fixtures.state(cards)

        #expect(state.press(.character("q")) == [.quit])
        _ = state.press(.character("a"))
        #expect(state.press(.ctrl("c")) == [.quit])
    }

    @Test func theOpeningBannerIsDismissedByAnyKeyWithoutActingOnIt() {
        var state = Fixtures.state(cards)
        state.banner = "1 overdue · 0 due today"

        let effects = state.press(.character("q"))

        #expect(effects.isEmpty)
        #expect(state.banner == nil)
    }

    @Test func aClickSelectsTheCardUnderItAndTheWheelScrolls() {
        let many = (1...50).map { Fixtures.project(UInt64($0), "Card \($0)", .doing) }
        var state = Fixtures.state(many, width: 90, height: 20)
        let layout = BoardLayout(state)
        let doing = layout.columns[1]
        let second = layout.visibleCards(state, doing)[1]

        _ = state.reduce(.input(.mouse(MouseEvent(kind: .press(.left), x: doing.x + 3, y: second.row))))
        #expect(state.column == .doing)
        #expect(state.selected[.doing] == 1)

        _ = state.reduce(.input(.mouse(MouseEvent(kind: .wheelDown, x: doing.x + 3, y: 5))))
        #expect(state.top[.doing] == 1)
        _ = state.reduce(.input(.mouse(MouseEvent(kind: .wheelUp, x: doing.x + 3, y: 5))))
        #expect(state.top[.doing] == 0)
    }

    @Test func theDayChangingMovesOverdueMarks() {
        var state = Fixtures.state([Fixtures.project(1, "Due", deadline: "2026-11-21")])
        #expect(state.selectedProject?.isOverdue(today: state.today) == false)

        _ = state.reduce(.dayChanged(Fixtures.today.adding(days: 1)))

        #expect(state.selectedProject?.isOverdue(today: state.today) == true)
    }
}
