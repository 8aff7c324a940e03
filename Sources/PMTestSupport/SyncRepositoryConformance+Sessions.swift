// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The browser session behaviours, listed in ``checks`` with the others.

    static func sessionHash(_ byte: UInt8) -> [UInt8] { Array(repeating: byte, count: 32) }

    static func sessionsAreFoundByHashAndEnded(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        let session = StoredSession(hash: sessionHash(1), user: "ada", expires: expires)
        try await repository.addSession(session)
        try await repository.addSession(StoredSession(hash: sessionHash(2), user: "ada", expires: expires))
        #expect(try await repository.session(hash: sessionHash(1)) == session)
        #expect(try await repository.session(hash: sessionHash(3)) == nil)
        try await repository.deleteSession(hash: sessionHash(1))
        #expect(try await repository.session(hash: sessionHash(1)) == nil)
        #expect(try await repository.session(hash: sessionHash(2)) != nil)
        // Ending an ended session is no error: signing out twice is signing out.
        try await repository.deleteSession(hash: sessionHash(1))
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.addSession(StoredSession(hash: sessionHash(4), user: "eve", expires: expires))
        }
    }

    static func expiredSessionsAreForgotten(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await repository.addSession(
            StoredSession(hash: sessionHash(1), user: "ada", expires: now.addingTimeInterval(-1)))
        try await repository.addSession(StoredSession(hash: sessionHash(2), user: "ada", expires: now))
        try await repository.deleteSessions(expiredBefore: now)
        #expect(try await repository.session(hash: sessionHash(1)) == nil)
        #expect(try await repository.session(hash: sessionHash(2))?.expires == now)
    }

    static func revokingATokenEndsItsUsersSessions(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        let token = AccessToken(randomBytes: Array(repeating: 0x5A, count: 20))
        try await repository.addToken(token.stored(for: "ada"))
        try await repository.addSession(StoredSession(hash: sessionHash(1), user: "ada", expires: expires))
        try await repository.addSession(StoredSession(hash: sessionHash(2), user: "bob", expires: expires))
        #expect(try await repository.revokeToken(prefix: token.prefix) == "ada")
        #expect(try await repository.session(hash: sessionHash(1)) == nil)
        #expect(try await repository.session(hash: sessionHash(2)) != nil)
    }

    static func changingAPasswordEndsItsUsersSessions(_ make: Factory) async throws {
        // Given sessions of ada and bob
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        let expires = Date(timeIntervalSince1970: 1_800_000_000)
        try await repository.addSession(StoredSession(hash: sessionHash(1), user: "ada", expires: expires))
        try await repository.addSession(StoredSession(hash: sessionHash(2), user: "bob", expires: expires))
        // When ada's password is set
        try await repository.setPassword(hash: "$2b$04$new", user: "ada")
        // Then her session is over, and bob's goes on
        #expect(try await repository.session(hash: sessionHash(1)) == nil)
        #expect(try await repository.session(hash: sessionHash(2)) != nil)
        // And a password refused for an unknown user ends nobody's
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.setPassword(hash: "$2b$04$eve", user: "eve")
        }
        #expect(try await repository.session(hash: sessionHash(2)) != nil)
    }

    static func boardsOfAMemberAndWhetherAnyoneHasAnAccount(_ make: Factory) async throws {
        let empty = try await make()
        #expect(try await empty.hasUsers() == false)
        let repository = try await teamBoard(make)
        #expect(try await repository.hasUsers())
        try await repository.addUser(name: "bob")
        try await repository.addBoard("alpha", members: ["ada", "bob"])
        try await repository.addBoard("Zeta", members: ["bob"])
        #expect(try await repository.boards(member: "ada") == ["alpha", "team"])
        #expect(try await repository.boards(member: "bob") == ["Zeta", "alpha"])
        #expect(try await repository.boards(member: "eve") == [])
    }
}

#endif
