import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// The board's first-frame reads: each list's first cards, the lists' sizes and the banner's
/// counts, read from the `project_by_list` index instead of the whole board.
@Suite struct BoardOpeningTests {
    let world = TestWorld(day: "2026-11-21")

    func add(_ database: AppDatabase, _ title: String, deadline: String? = nil) throws -> UUID {
        let fields = try ProjectInput(title: title, deadline: deadline).newProject(today: world.environment.today)
        return try #require(try database.add(fields).project?.id)
    }

    /// Cards in all three lists, several sharing a deadline, one deleted.
    func mixedBoard() throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        for n in 0..<9 {
            let id = try add(database, "Card \(n)", deadline: "+\(n % 4)d")
            world.advance(by: 1)
            if n % 3 == 1 { _ = try database.move(id, to: .doing) }
            if n == 5 { _ = try database.move(id, to: .done) }
            if n == 8 { _ = try database.delete(id) }
        }
        return database
    }

    @Test func theOpeningHoldsEachListsFirstCardsInListOrderAndEachListsSize() throws {
        let database = try mixedBoard()
        let board = try database.board()

        let opening = try database.boardOpening(limit: 2, today: world.environment.today)

        for status in Status.allCases {
            #expect(opening.lists[status] == Array(board[status].prefix(2)))
            #expect(opening.counts[status] == board[status].count)
        }
        #expect(opening.counts == [.todo: 4, .doing: 3, .done: 1])
        #expect(opening.sequence == (try database.latestSequence()))
    }

    @Test func pagingThroughCardsThatShareDeadlineAndCreationTimeNeitherSkipsNorRepeatsOne() throws {
        // Given seven cards with the same deadline created in the same millisecond: only the
        // id tells them apart
        let database = try AppDatabase.inMemory(environment: world.environment)
        for n in 0..<7 { _ = try add(database, "Twin \(n)", deadline: "+1d") }
        _ = try add(database, "Earlier", deadline: "+0d")
        let expected = try database.board()[.todo]
        #expect(Set(expected.dropFirst().map(\.createdAt)).count == 1)

        // When the list is read two cards at a time, each page starting after the last card
        var pages: [[Project]] = []
        var last: Project?
        while true {
            let page = try database.listPage(.todo, after: last, limit: 2)
            guard !page.isEmpty else { break }
            pages.append(page)
            last = page.last
        }

        // Then the pages put together are the list, in list order
        #expect(pages.map(\.count) == [2, 2, 2, 2])
        #expect(pages.flatMap { $0 } == expected)
    }

    @Test func theBannerCountsOverdueAndDueTodayCardsThatAreNotDone() throws {
        // Given cards due yesterday, today and tomorrow as the day turns, one of each kind done
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try add(database, "Yesterday's")
        let doneLate = try add(database, "Done late")
        _ = try add(database, "Today's", deadline: "+1d")
        let doneToday = try add(database, "Done today", deadline: "+1d")
        _ = try add(database, "Tomorrow's", deadline: "+2d")
        _ = try database.move(doneLate, to: .done)
        _ = try database.move(doneToday, to: .done)
        world.advance(by: 86_400)

        let opening = try database.boardOpening(limit: 10, today: world.environment.today)

        #expect(opening.overdue == 1)
        #expect(opening.dueToday == 1)
    }

    @Test func aCardWhoseStatusAndDeadlineAreNotWrittenYetOpensInTodoOnItsCreationDay() throws {
        // Given a card whose first operation only gave it a title (its creation still on its way)
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try add(database, "Later", deadline: "+5d")
        let early = ProjectOperation(
            id: UUID.counted(900), projectID: UUID.counted(901),
            timestamp: HybridTimestamp(wallTime: 1_000, counter: 0, device: UUID.counted(902)),
            fields: ProjectFields(title: "Title only"))
        _ = try database.apply([early])

        let opening = try database.boardOpening(limit: 10, today: world.environment.today)

        // Then it opens where the whole board shows it
        #expect(opening.lists[.todo] == (try database.board()[.todo]))
        #expect(opening.lists[.todo]?.map(\.title) == ["Title only", "Later"])
        #expect(opening.counts[.todo] == 2)
    }

    @Test func theFirstFrameReadsAreRangesOfTheListIndexNotScansOfTheBoard() throws {
        let database = try mixedBoard()
        let first = try #require(try database.listPage(.todo, after: nil, limit: 1).first)

        let plans = try database.read { db in
            try [
                AppDatabase.listPageQuery(.todo, after: nil, limit: 5),
                AppDatabase.listPageQuery(.todo, after: first, limit: 5),
            ].map { query in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query.sql, arguments: query.arguments)
                    .map { $0["detail"] as String }.joined(separator: "\n")
            }
        }

        for plan in plans {
            #expect(plan.contains("USING INDEX project_by_list"))
            #expect(!plan.contains("TEMP B-TREE"))
        }
    }
}
