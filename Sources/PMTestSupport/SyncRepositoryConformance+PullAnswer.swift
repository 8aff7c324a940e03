// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The pull answer's behaviours, listed in ``checks`` with the others.

    static func pullAnswerIsTheStoredPageWritten(_ make: Factory) async throws {
        // Given operations by ada, by a user whose name needs escaping in JSON, and by nobody
        let repository = try await teamBoard(make)
        let odd = UserName("q\"uo\\te/\u{01}\t한")
        try await repository.addUser(name: odd)
        try await repository.grant(board: "team", user: odd)
        _ = try await repository.push(
            board: "team", author: "ada", operations: [SyncFixtures.operation(1), SyncFixtures.operation(2)])
        _ = try await repository.push(board: "team", author: odd, operations: [SyncFixtures.operation(3)])
        _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(4)])
        // When each page is asked for, full, partial, empty and past the head
        for (after, limit) in [(0, 10), (1, 2), (2, 1), (3, 10), (4, 10), (99, 10), (-5, 2)] {
            let answer = try await repository.pullAnswer(board: "team", after: Int64(after), limit: limit)
            // Then the answer is the stored page written, byte for byte, and reads back as it
            let page = try await repository.storedOperations(board: "team", after: Int64(after), limit: limit)
            #expect(answer == page.json(), "after \(after), limit \(limit)")
            #expect(OperationPage.readPlain(Data(answer)) == (try page.decoded()), "after \(after), limit \(limit)")
        }
        let entries = try #require(
            OperationPage.readPlain(Data(try await repository.pullAnswer(board: "team", after: 0, limit: 10))))
        #expect(entries.operations.map(\.author) == ["ada", "ada", odd.text, nil])
        #expect(entries.next == 4 && entries.head == 4)
    }

    static func pullAnswerOfAnUnknownBoardIsRefused(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.pullAnswer(board: "nowhere", after: 0, limit: 10)
        }
    }
}

#endif
