import Foundation
import PMDomain
import PMStore
import PMTestSupport
import TerminalKit
import Testing

@testable import PMBoard

/// The session's opening: drawn from each list's first cards when the board is larger than the
/// terminal, then completed by a whole-board read that is shown only if nothing changed since.
@Suite struct BoardSessionLoadTests {
    let world = TestWorld(day: "2026-11-21")
    let size = TerminalSize(width: 90, height: 10)

    /// A board with more cards to do than a 10-row terminal shows.
    func session(cards: Int) throws -> (BoardSession, AppDatabase) {
        let database = try AppDatabase.inMemory(environment: world.environment)
        for n in 0..<cards {
            _ = try database.add(
                try ProjectInput(title: "Card \(n)", deadline: "+\(n)d").newProject(today: world.environment.today))
        }
        let app = BoardApp(
            database: database, terminal: MockTerminal(size: size), environment: world.environment, databaseName: "t")
        return (try BoardSession(app: app), database)
    }

    @Test func aBoardThatFitsOpensCompleteAndReadsNothingMore() throws {
        let (session, _) = try session(cards: 3)

        #expect(session.state.isComplete)
        #expect(session.state.cards(.todo).map(\.title) == ["Card 0", "Card 1", "Card 2"])
    }

    @Test func aLargerBoardOpensOnTheFirstScreenAndShowsTheWholeBoardWhenItArrives() throws {
        let (initial, database) = try session(cards: 25)
        var session = initial
        #expect(!session.state.isComplete)
        #expect(session.state.cards(.todo).count == size.height)
        #expect(session.state.count(.todo) == 25)

        let next = try session.handle(.loaded(try database.boardLoad()))

        #expect(next == .proceed)
        #expect(session.state.isComplete)
        #expect(session.state.cards(.todo).map(\.title) == (0..<25).map { "Card \($0)" })
    }

    @Test func aWholeBoardReadBeforeTheBoardsOwnChangeIsReadAgainNotShown() throws {
        // Given a board opened on its first screen, and the whole board read at once
        let (initial, database) = try session(cards: 25)
        var session = initial
        let early = try database.boardLoad()

        // When a key deletes the selected card before that read arrives
        _ = try session.handle(.terminal(.bytes(Array("xd".utf8))))
        #expect(!session.state.cards(.todo).map(\.title).contains("Card 0"))
        #expect(session.state.count(.todo) == 24)

        // Then the early read, which still has the card, is not shown but read again
        #expect(try session.handle(.loaded(early)) == .load)
        #expect(!session.state.isComplete)
        #expect(!session.state.cards(.todo).map(\.title).contains("Card 0"))

        // And the read made after the change is shown
        #expect(try session.handle(.loaded(try database.boardLoad())) == .proceed)
        #expect(session.state.isComplete)
        #expect(session.state.cards(.todo).map(\.title) == (1..<25).map { "Card \($0)" })
    }
}
