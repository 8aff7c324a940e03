// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The administrator's lists and removals, listed in ``checks`` with the others.

    static func usersBoardsAndMembersAreListedInOrder(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        try await repository.addUser(name: "김민지")
        try await repository.addBoard("garden", members: ["bob", "김민지"])
        #expect(try await repository.users() == ["ada", "bob", "김민지"])
        #expect(try await repository.boards() == ["garden", "team"])
        #expect(try await repository.members(board: "garden") == ["bob", "김민지"])
        #expect(try await repository.members(board: "team") == ["ada"])
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.members(board: "nowhere")
        }
    }

    static func aMemberIsRemovedWithTheirFeedKeysForThatBoardOnly(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addBoard("garden", members: ["ada"])
        let teamKey = FeedKey(randomBytes: Array(repeating: 0x21, count: 20))
        let gardenKey = FeedKey(randomBytes: Array(repeating: 0x22, count: 20))
        try await repository.addFeedKey(teamKey.stored(for: "ada", board: "team"))
        try await repository.addFeedKey(gardenKey.stored(for: "ada", board: "garden"))

        let removed = try await repository.removeMember(board: "team", user: "ada")

        #expect(removed == [teamKey.stored(for: "ada", board: "team")])
        #expect(try await !repository.isMember(board: "team", user: "ada"))
        #expect(try await repository.isMember(board: "garden", user: "ada"))
        #expect(try await repository.feedKeys(prefix: teamKey.prefix).isEmpty)
        #expect(try await repository.feedKeys(prefix: gardenKey.prefix).count == 1)
        await #expect(throws: SyncRepositoryError.notOnBoard(board: "team", user: "ada")) {
            try await repository.removeMember(board: "team", user: "ada")
        }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.removeMember(board: "nowhere", user: "ada")
        }
    }

    static func tokensAreListedWithTheirTimesAndRevokedAll(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        let made = Date(timeIntervalSince1970: 1_790_000_000)
        let phone = AccessToken(randomBytes: Array(repeating: 0x31, count: 20))
        let laptop = AccessToken(randomBytes: Array(repeating: 0x32, count: 20))
        let bobs = AccessToken(randomBytes: Array(repeating: 0x33, count: 20))
        try await repository.addToken(phone.stored(for: "ada", created: made))
        try await repository.addToken(laptop.stored(for: "ada", created: made.addingTimeInterval(60)))
        try await repository.addToken(bobs.stored(for: "bob", created: made))
        try await repository.recordTokenUse(hash: phone.hash, at: made.addingTimeInterval(3600))
        let expires = made.addingTimeInterval(86_400)
        try await repository.addSession(StoredSession(hash: sessionHash(7), user: "ada", expires: expires))

        #expect(
            try await repository.tokens(user: "ada") == [
                TokenSummary(prefix: phone.prefix, created: made, lastUsed: made.addingTimeInterval(3600)),
                TokenSummary(prefix: laptop.prefix, created: made.addingTimeInterval(60), lastUsed: nil),
            ])
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) { try await repository.tokens(user: "eve") }

        #expect(try await repository.revokeTokens(user: "ada") == 2)
        #expect(try await repository.tokens(user: "ada") == [])
        #expect(try await repository.tokens(prefix: phone.prefix).isEmpty)
        #expect(try await repository.session(hash: sessionHash(7)) == nil)
        #expect(try await repository.tokens(user: "bob").count == 1)
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) { try await repository.revokeTokens(user: "eve") }
    }

    static func namesDifferingOnlyInCaseAreOneName(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.userExists("ADA", as: "ada")) {
            try await repository.addUser(name: "ADA")
        }
        await #expect(throws: SyncRepositoryError.boardExists("Team", as: "team")) {
            try await repository.addBoard("Team", members: ["ada"])
        }
        #expect(try await repository.users() == ["ada"])
        #expect(try await repository.boards() == ["team"])
        #expect(
            SyncRepositoryError.userExists("ADA", as: "ada").description
                == "user \"ada\" exists already; \"ADA\" differs only in case, and names must differ by more")
    }
}

#endif
