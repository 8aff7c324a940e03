// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
public import PMServer
import PMSyncProtocol
public import Testing

/// The behaviour every ``CalendarCardRepository`` must show, run against each backend like
/// ``CalendarTextConformance``.
public enum CalendarCardConformance {
    /// Makes a fresh, empty repository.
    public typealias Factory = @Sendable () async throws -> any CalendarCardRepository

    /// One named behaviour.
    public struct Check: Sendable, CustomTestStringConvertible {
        /// What it pins.
        public let name: String
        /// Runs it on a repository from the factory.
        public let run: @Sendable (Factory) async throws -> Void

        public var testDescription: String { name }
    }

    /// Every behaviour.
    public static let checks: [Check] = [
        Check(name: "everyCardIsReadAsStoredWithItsTextAndTheHead", run: everyCardIsReadAsStoredWithItsTextAndTheHead),
        Check(name: "onlyTheCardsAskedForAreRead", run: onlyTheCardsAskedForAreRead),
        Check(name: "aCardsStoredStateChangesWithItAlone", run: aCardsStoredStateChangesWithItAlone),
    ]

    static func card(_ number: Int) -> UUID { SyncFixtures.uuid(0x10_0000 + number) }

    /// Board `team` with cards 1 and 2, card 3 made and deleted, and a text for card 2.
    static func team(_ make: Factory) async throws -> any CalendarCardRepository {
        let repository = try await make()
        try await repository.addUser(name: "ada")
        try await repository.addBoard("team", members: ["ada"])
        try await repository.addBoard("home", members: ["ada"])
        _ = try await repository.push(
            board: "team",
            operations: [
                SyncFixtures.operation(1, project: 1, fields: ProjectFields(title: "One")),
                SyncFixtures.operation(2, project: 2, fields: ProjectFields(title: "Two ✓")),
                SyncFixtures.operation(3, project: 3, fields: ProjectFields(title: "Three")),
                SyncFixtures.operation(4, project: 3, fields: ProjectFields(deleted: true)),
            ])
        try await repository.setCalendarText("BEGIN:VCALENDAR\r\nTWO", board: "team", card: card(2))
        return repository
    }

    static func titles(_ cards: [StoredCalendarCard]) throws -> [UUID: String] {
        var titles: [UUID: String] = [:]
        for stored in cards {
            let state = try MergedProject.state(id: stored.id, json: stored.state)
            titles[stored.id] = state.deleted?.value == true ? "deleted" : state.title?.value
        }
        return titles
    }

    static func everyCardIsReadAsStoredWithItsTextAndTheHead(_ make: Factory) async throws {
        let repository = try await team(make)
        let (cards, head) = try await repository.calendarCards(board: "team", ids: nil)
        #expect(head == 4)
        #expect(try titles(cards) == [card(1): "One", card(2): "Two ✓", card(3): "deleted"])
        #expect(
            Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0.text) }) == [
                card(1): nil, card(2): "BEGIN:VCALENDAR\r\nTWO", card(3): nil,
            ])
        #expect(try await repository.calendarCards(board: "home", ids: nil).cards.isEmpty)
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.calendarCards(board: "nowhere", ids: nil)
        }
    }

    static func onlyTheCardsAskedForAreRead(_ make: Factory) async throws {
        let repository = try await team(make)
        let (cards, head) = try await repository.calendarCards(board: "team", ids: [card(2), card(9)])
        #expect(head == 4)
        #expect(try titles(cards) == [card(2): "Two ✓"])
        #expect(cards.first?.text == "BEGIN:VCALENDAR\r\nTWO")
        #expect(try await repository.calendarCards(board: "team", ids: []).cards.isEmpty)
        #expect(try await repository.calendarCards(board: "home", ids: [card(1)]).cards.isEmpty)
    }

    static func aCardsStoredStateChangesWithItAlone(_ make: Factory) async throws {
        let repository = try await team(make)
        let before = try await repository.calendarCards(board: "team", ids: nil).cards
        _ = try await repository.push(
            board: "team", operations: [SyncFixtures.operation(5, project: 1, fields: ProjectFields(title: "Uno"))])
        let after = try await repository.calendarCards(board: "team", ids: nil).cards
        let states = { (cards: [StoredCalendarCard]) in
            Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0.state) })
        }
        #expect(states(after)[card(1)] != states(before)[card(1)])
        #expect(states(after)[card(2)] == states(before)[card(2)])
        #expect(try titles(after)[card(1)] == "Uno")
    }
}

#endif
