// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import PMDomain
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The author behaviours, listed in ``checks`` with the others.

    static func pushRecordsItsAuthorAndARetryKeepsTheFirst(_ make: Factory) async throws {
        // Given ada and bob on the board
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        try await repository.grant(board: "team", user: "bob")
        // When ada pushes two operations, bob pushes the second again with a third, and a push
        // on nobody's behalf adds a fourth
        _ = try await repository.push(
            board: "team", author: "ada",
            operations: [SyncFixtures.operation(1), SyncFixtures.operation(2)])
        let retried = try await repository.push(
            board: "team", author: "bob",
            operations: [SyncFixtures.operation(2), SyncFixtures.operation(3)])
        _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(4)])
        // Then each operation keeps the author of the push that first stored it, on both pages
        #expect(retried.map(\.seq) == [2, 3])
        let page = try await repository.operations(board: "team", after: 0, limit: 10)
        #expect(page.operations.map(\.author) == ["ada", "ada", "bob", nil])
        #expect(page.operations.map(\.operation.id) == (1...4).map { SyncFixtures.uuid($0) })
        let stored = try await repository.storedOperations(board: "team", after: 1, limit: 2)
        #expect(stored.operations.map(\.author) == ["ada", "bob"])
        #expect(try stored.decoded().operations == Array(page.operations[1...2]))
    }
}

#endif
