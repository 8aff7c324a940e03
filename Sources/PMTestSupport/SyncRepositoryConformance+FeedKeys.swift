// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The feed key behaviours, listed in ``checks`` with the others.

    static func feedKeysAreFoundByPrefixAndRevoked(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let key = FeedKey(randomBytes: Array(repeating: 0xAB, count: 20))
        let other = FeedKey(randomBytes: Array(repeating: 0xCD, count: 20))
        try await repository.addFeedKey(key.stored(for: "ada", board: "team"))
        try await repository.addFeedKey(other.stored(for: "ada", board: "team"))
        let found = try await repository.feedKeys(prefix: key.prefix)
        #expect(found == [key.stored(for: "ada", board: "team")])
        #expect(found.allSatisfy(key.matches))
        #expect(!found.contains(where: other.matches))
        // A bearer token with the same prefix is a different thing in a different place.
        #expect(try await repository.tokens(prefix: key.prefix).isEmpty)
        await #expect(throws: SyncRepositoryError.feedKeyAmbiguous("pmf_")) {
            try await repository.revokeFeedKey(prefix: "pmf_")
        }
        #expect(try await repository.revokeFeedKey(prefix: "pmf_abab") == key.stored(for: "ada", board: "team"))
        #expect(try await repository.feedKeys(prefix: key.prefix).isEmpty)
        #expect(try await repository.feedKeys(prefix: other.prefix).count == 1)
        await #expect(throws: SyncRepositoryError.feedKeyUnknown("pmf_abab")) {
            try await repository.revokeFeedKey(prefix: "pmf_abab")
        }
    }

    static func feedKeyIsOnlyForAMemberOfAKnownBoard(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        let key = FeedKey(randomBytes: Array(repeating: 0x11, count: 20))
        await #expect(throws: SyncRepositoryError.notAMember(board: "team", user: "bob")) {
            try await repository.addFeedKey(key.stored(for: "bob", board: "team"))
        }
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.addFeedKey(key.stored(for: "eve", board: "team"))
        }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.addFeedKey(key.stored(for: "ada", board: "nowhere"))
        }
        #expect(try await repository.feedKeys(prefix: key.prefix).isEmpty)
        try await repository.grant(board: "team", user: "bob")
        try await repository.addFeedKey(key.stored(for: "bob", board: "team"))
        #expect(try await repository.feedKeys(prefix: key.prefix) == [key.stored(for: "bob", board: "team")])
    }
}

#endif
