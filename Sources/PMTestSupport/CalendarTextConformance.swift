// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
public import PMServer
import PMSyncProtocol
public import Testing

/// The behaviour every ``CalendarTextRepository`` must show, run against each backend like
/// ``SyncRepositoryConformance``.
public enum CalendarTextConformance {
    /// Makes a fresh, empty repository.
    public typealias Factory = @Sendable () async throws -> any CalendarTextRepository

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
        Check(name: "textsAreStoredReplacedAndRemovedPerCard", run: textsAreStoredReplacedAndRemovedPerCard),
        Check(name: "textsBelongToTheirBoard", run: textsBelongToTheirBoard),
        Check(name: "boardsOfAMemberAreListedByName", run: boardsOfAMemberAreListedByName),
    ]

    static let card = UUID(uuidString: "00000000-0000-4000-8000-0000000000c1")!
    static let otherCard = UUID(uuidString: "00000000-0000-4000-8000-0000000000c2")!

    static func teamBoards(_ make: Factory) async throws -> any CalendarTextRepository {
        let repository = try await make()
        try await repository.addUser(name: "ada")
        try await repository.addUser(name: "bob")
        try await repository.addBoard("team", members: ["ada"])
        try await repository.addBoard("home", members: ["ada", "bob"])
        return repository
    }

    static func textsAreStoredReplacedAndRemovedPerCard(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        #expect(try await repository.calendarText(board: "team", card: card) == nil)
        try await repository.setCalendarText("BEGIN:VCALENDAR\r\nONE", board: "team", card: card)
        try await repository.setCalendarText("BEGIN:VCALENDAR\r\nOTHER", board: "team", card: otherCard)
        try await repository.setCalendarText("BEGIN:VCALENDAR\r\nTWO ✓", board: "team", card: card)
        #expect(try await repository.calendarText(board: "team", card: card) == "BEGIN:VCALENDAR\r\nTWO ✓")
        #expect(
            try await repository.calendarTexts(board: "team")
                == [card: "BEGIN:VCALENDAR\r\nTWO ✓", otherCard: "BEGIN:VCALENDAR\r\nOTHER"])
        try await repository.setCalendarText(nil, board: "team", card: card)
        #expect(try await repository.calendarText(board: "team", card: card) == nil)
        #expect(try await repository.calendarTexts(board: "team") == [otherCard: "BEGIN:VCALENDAR\r\nOTHER"])
    }

    static func textsBelongToTheirBoard(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        try await repository.setCalendarText("TEAM", board: "team", card: card)
        #expect(try await repository.calendarText(board: "home", card: card) == nil)
        #expect(try await repository.calendarTexts(board: "home").isEmpty)
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.setCalendarText("X", board: "nowhere", card: card)
        }
    }

    static func boardsOfAMemberAreListedByName(_ make: Factory) async throws {
        let repository = try await teamBoards(make)
        #expect(try await repository.boards(member: "ada") == ["home", "team"])
        #expect(try await repository.boards(member: "bob") == ["home"])
        #expect(try await repository.boards(member: "eve") == [])
    }
}

#endif
