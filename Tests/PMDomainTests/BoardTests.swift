import Foundation
import PMDomain
import PMTestSupport
import Testing

/// Overdue marks, list order and the three lists, on 2026-11-21.
@Suite struct BoardTests {
    @Test(arguments: [Status.todo, .doing])
    func cardNotDoneWithDeadlineBeforeTodayIsOverdue(status: Status) {
        #expect(card(1, deadline: "2026-11-20", status: status).isOverdue(today: today))
    }

    @Test func doneCardIsNeverOverdue() {
        #expect(!card(1, deadline: "2020-01-01", status: .done).isOverdue(today: today))
    }

    @Test func cardDueTodayOrLaterIsNotOverdue() {
        #expect(!card(1, deadline: "2026-11-21").isOverdue(today: today))
        #expect(!card(1, deadline: "2026-11-22").isOverdue(today: today))
    }

    @Test func cardBecomesOverdueTheDayAfterItsDeadline() {
        let due = card(1, deadline: "2026-11-21")

        #expect(!due.isOverdue(today: day("2026-11-21")))
        #expect(due.isOverdue(today: day("2026-11-22")))
    }

    @Test func earlierDeadlineComesFirstWhateverTheCreationTime() {
        let early = card(2, deadline: "2026-11-25", createdAt: "2026-11-21T10:00:00Z")
        let late = card(1, deadline: "2026-12-01", createdAt: "2026-11-01T10:00:00Z")

        #expect(Project.listOrder(early, late))
        #expect(!Project.listOrder(late, early))
    }

    @Test func sameDeadlineOrdersByCreationTime() {
        let older = card(2, deadline: "2026-12-01", createdAt: "2026-11-20T09:00:00Z")
        let newer = card(1, deadline: "2026-12-01", createdAt: "2026-11-20T09:00:01Z")

        #expect(Project.listOrder(older, newer))
        #expect(!Project.listOrder(newer, older))
    }

    @Test func sameDeadlineAndCreationTimeOrdersById() {
        let first = card(0xA, deadline: "2026-12-01")
        let second = card(0xB, deadline: "2026-12-01")

        #expect(Project.listOrder(first, second))
        #expect(!Project.listOrder(second, first))
        #expect(!Project.listOrder(first, first))
    }

    @Test func boardSortsCardsIntoTheirListsInListOrderWithCounts() {
        // Given cards in every list, handed over in no particular order
        let cards = [
            card(1, "배포", deadline: "2026-12-03", status: .todo),
            card(2, "Review", deadline: "2026-11-22", status: .done),
            card(3, "스펙 작성", deadline: "2026-11-30", status: .todo),
            card(4, "Tests", deadline: "2026-12-01", status: .doing),
            card(5, "Docs", deadline: "2026-11-30", status: .todo, createdAt: "2026-11-19T09:00:00Z"),
        ]

        // When they are laid out
        let board = Board(cards.reversed())

        // Then each list holds its cards, deadline first, then creation time
        #expect(board[.todo].map(\.title) == ["Docs", "스펙 작성", "배포"])
        #expect(board[.doing].map(\.title) == ["Tests"])
        #expect(board[.done].map(\.title) == ["Review"])
        #expect(Status.allCases.map { board[$0].count } == [3, 1, 1])
        #expect(board.allProjects.map(\.id) == [5, 3, 1, 4, 2].map(UUID.counted))
    }

    @Test func emptyBoardHasThreeEmptyLists() {
        let board = Board([Project]())

        #expect(Status.allCases.allSatisfy { board[$0].isEmpty })
        #expect(board.lists.count == 3)
    }

    @Test func overdueCountLeavesOutDoneCardsAndCardsDueToday() {
        let board = Board([
            card(1, deadline: "2026-11-20", status: .todo),
            card(2, deadline: "2026-11-01", status: .doing),
            card(3, deadline: "2026-11-01", status: .done),
            card(4, deadline: "2026-11-21", status: .todo),
        ])

        #expect(board.overdueCount(today: today) == 2)
    }
}
