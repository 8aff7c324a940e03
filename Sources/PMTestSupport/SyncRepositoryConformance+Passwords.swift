// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The password behaviours, listed in ``checks`` with the others. The repository keeps
    // whatever hash text it is given: hashing is ``PasswordHasher``'s, not the store's.

    static func passwordIsSetReplacedAndKeptPerUser(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        #expect(try await repository.passwordHash(user: "ada") == nil)
        try await repository.setPassword(hash: "$2b$04$first", user: "ada")
        #expect(try await repository.passwordHash(user: "ada") == "$2b$04$first")
        #expect(try await repository.passwordHash(user: "bob") == nil)
        try await repository.setPassword(hash: "$2b$04$second", user: "ada")
        #expect(try await repository.passwordHash(user: "ada") == "$2b$04$second")
        // Tokens are untouched by a password.
        #expect(try await repository.tokens(prefix: "pm_").isEmpty)
    }

    static func passwordOfAnUnknownUserIsRefused(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.setPassword(hash: "$2b$04$eve", user: "eve")
        }
        #expect(try await repository.passwordHash(user: "eve") == nil)
        // Adding that user later finds no password waiting for them.
        try await repository.addUser(name: "eve")
        #expect(try await repository.passwordHash(user: "eve") == nil)
    }
}

#endif
