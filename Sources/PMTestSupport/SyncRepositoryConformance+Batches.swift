// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The behaviours a backend's batching of a push could break, listed in ``checks`` with the
    // others: a backend may try a batch as all new and fall back when it is not.

    static func pushMixingNewAndStoredOperationsStoresEachOnce(_ make: Factory) async throws {
        // Given a board holding operations 1 to 3
        let repository = try await teamBoard(make)
        _ = try await repository.push(board: "team", operations: (1...3).map { batchOperation($0) })
        // When a batch mixes new operations with stored ones, one of them twice
        let answer = try await repository.push(
            board: "team", operations: [4, 2, 5, 1, 4].map { batchOperation($0) })
        // Then every one is answered as acknowledged, the stored ones with their numbers
        #expect(answer.map(\.id) == [4, 2, 5, 1, 4].map { SyncFixtures.uuid($0) })
        #expect(answer.map(\.seq) == [4, 2, 5, 1, 4])
        // And each is stored once, numbered without a gap
        let page = try await repository.operations(board: "team", after: 0, limit: 100)
        #expect(page.operations.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(page.operations.map(\.operation.id) == (1...5).map { SyncFixtures.uuid($0) })
        #expect(page.head == 5)
        // And the same batch again answers the same and stores nothing
        let again = try await repository.push(board: "team", operations: [4, 2, 5, 1, 4].map { batchOperation($0) })
        #expect(again == answer)
        #expect(try await repository.operations(board: "team", after: 0, limit: 100).head == 5)
    }

    static func manyOperationsOnOneCardMergeWhateverTheirOrder(_ make: Factory) async throws {
        // Given a card stored by an earlier push
        let repository = try await teamBoard(make)
        let first = [batchOperation(1, project: 1, wallTime: 5_500, fields: ProjectFields(title: "Stored"))]
        _ = try await repository.push(board: "team", operations: first)
        // When one batch holds thirty edits of it in shuffled clock order, with a new card
        var generator = SeededGenerator(seed: 42)
        let edits = (2...31).map { number in
            batchOperation(
                number, project: 1, wallTime: Int64(number * 1_000),
                fields: number % 3 == 0
                    ? ProjectFields(status: number % 2 == 0 ? .doing : .done)
                    : ProjectFields(title: "Edit \(number)", description: "Note \(number)"))
        }.shuffled(using: &generator)
        let created = [2, 3].map { batchOperation(100 + $0, project: $0, fields: ProjectFields(title: "New \($0)")) }
        _ = try await repository.push(
            board: "team", operations: Array(edits.prefix(15)) + created + edits.dropFirst(15))
        // Then each card's stored state is the merge of every operation on it
        let snapshot = try await repository.snapshot(board: "team")
        let expected = BoardSnapshot(seq: 33, states: mergedStates(first + edits + created))
        #expect(snapshot.seq == 33)
        #expect(snapshot.projects.sorted(by: idOrder) == expected.projects.sorted(by: idOrder))
        #expect(snapshot.projects.first { $0.id == first[0].projectID }?.title == "Edit 31")
    }

    static func largePushIsStoredWholeAndRetriedWhole(_ make: Factory) async throws {
        // Given a board holding 100 operations on 10 cards
        let repository = try await teamBoard(make)
        let earlier = (1...100).map { batchOperation($0, project: $0 % 10) }
        _ = try await repository.push(board: "team", operations: earlier)
        // When one push holds 5,000 new operations on 100 cards, ten of which the board holds
        let batch = (101...5_100).map { batchOperation($0, project: $0 % 100) }
        let answer = try await repository.push(board: "team", operations: batch)
        // Then they are numbered 101 to 5,100 in order
        #expect(answer.map(\.seq) == Array(101...5_100))
        let page = try await repository.operations(board: "team", after: 0, limit: 10_000)
        #expect(page.operations.map(\.seq) == Array(1...5_100))
        #expect(page.operations.map(\.operation) == earlier + batch)
        // And the same push retried with 3,000 new ones after it stores only those
        let more = (5_101...8_100).map { batchOperation($0, project: $0 % 100) }
        let retried = try await repository.push(board: "team", operations: batch + more)
        #expect(retried.map(\.seq) == Array(101...8_100))
        #expect(try await repository.operations(board: "team", after: 5_100, limit: 10_000).operations.count == 3_000)
        // And every card holds the merge of all of them
        let snapshot = try await repository.snapshot(board: "team")
        let expected = BoardSnapshot(seq: 8_100, states: mergedStates(earlier + batch + more))
        #expect(snapshot.seq == 8_100)
        #expect(snapshot.projects.sorted(by: idOrder) == expected.projects.sorted(by: idOrder))
    }

    static func concurrentOverlappingPushesToOneCardStoreEachOnce(_ make: Factory) async throws {
        // Given an empty board
        let repository = try await teamBoard(make)
        // When eight clients push at once batches of 50 edits of one card, each sharing half its
        // operations with the next client's
        let batches = (0..<8).map { client in
            (client * 25 + 1...client * 25 + 50).map {
                batchOperation($0, project: 1, fields: ProjectFields(title: "Title \($0)", status: .todo))
            }
        }
        let answers = try await withThrowingTaskGroup(of: [PushResponse.Result].self) { group in
            for batch in batches { group.addTask { try await repository.push(board: "team", operations: batch) } }
            return try await group.reduce(into: [PushResponse.Result]()) { $0 += $1 }
        }
        // Then the 225 distinct operations have the numbers 1 to 225, each id one number
        let page = try await repository.operations(board: "team", after: 0, limit: 1_000)
        #expect(page.operations.map(\.seq) == Array(1...225))
        #expect(Set(page.operations.map(\.operation.id)) == Set((1...225).map { SyncFixtures.uuid($0) }))
        let numbers = Dictionary(page.operations.map { ($0.operation.id, $0.seq) }, uniquingKeysWith: { $1 })
        #expect(answers.allSatisfy { numbers[$0.id] == $0.seq })
        // And the card holds the merge of all of them
        let snapshot = try await repository.snapshot(board: "team")
        #expect(snapshot.projects.map(\.title) == ["Title 225"])
    }

    static func concurrentPushesEditingOneStoredCardKeepEveryEdit(_ make: Factory) async throws {
        // Given a card stored by an earlier push
        let repository = try await teamBoard(make)
        let first = [batchOperation(1, project: 1, fields: ProjectFields(title: "Stored", status: .todo))]
        _ = try await repository.push(board: "team", operations: first)
        // When eight clients push at once batches of new edits of it, each with a new card, so
        // that their reads and writes of the stored card overlap
        let batches = (0..<8).map { client -> [ProjectOperation] in
            let edits = (client * 10 + 2...client * 10 + 10).map { number -> ProjectOperation in
                let fields =
                    number % 2 == 0
                    ? ProjectFields(title: "Title \(number)") : ProjectFields(description: "Note \(number)")
                return batchOperation(number, project: 1, fields: fields)
            }
            return edits + [
                batchOperation(client * 10 + 11, project: 100 + client, fields: ProjectFields(title: "New"))
            ]
        }
        _ = try await withThrowingTaskGroup(of: [PushResponse.Result].self) { group in
            for batch in batches { group.addTask { try await repository.push(board: "team", operations: batch) } }
            return try await group.reduce(into: [PushResponse.Result]()) { $0 += $1 }
        }
        // Then the stored card is the merge of every edit, none lost to another push's write
        let snapshot = try await repository.snapshot(board: "team")
        let expected = BoardSnapshot(seq: 81, states: mergedStates(first + batches.flatMap { $0 }))
        #expect(snapshot.seq == 81)
        #expect(snapshot.projects.sorted(by: idOrder) == expected.projects.sorted(by: idOrder))
        #expect(snapshot.projects.first { $0.id == first[0].projectID }?.title == "Title 80")
    }

    static func pushToAnUnknownBoardStoresNothing(_ make: Factory) async throws {
        // Given board `team` holding a card
        let repository = try await teamBoard(make)
        _ = try await repository.push(board: "team", operations: [batchOperation(1, project: 1)])
        // When a batch of new operations, one editing that card, is pushed to a board that is not there
        let batch = (2...6).map { batchOperation($0, project: $0 % 2) }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.push(board: "nowhere", operations: batch)
        }
        // Then `team` is unchanged, and a board of that name made afterwards holds nothing of it
        #expect(try await repository.operations(board: "team", after: 0, limit: 100).head == 1)
        try await repository.addBoard("nowhere", members: ["ada"])
        let page = try await repository.operations(board: "nowhere", after: 0, limit: 100)
        #expect(page.operations.isEmpty)
        #expect(page.head == 0)
        #expect(try await repository.snapshot(board: "nowhere").projects.isEmpty)
        // And the same batch pushed to it now is stored whole, numbered from one
        #expect(try await repository.push(board: "nowhere", operations: batch).map(\.seq) == Array(1...5))
        #expect(try await repository.snapshot(board: "nowhere").projects.count == 2)
    }

    /// The merged states of `operations`, applied in any order (merging does not depend on it).
    private static func mergedStates(_ operations: [ProjectOperation]) -> [ProjectState] {
        var states: [UUID: ProjectState] = [:]
        for operation in operations {
            states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        return Array(states.values)
    }

    private static func idOrder(_ left: BoardSnapshot.Card, _ right: BoardSnapshot.Card) -> Bool {
        left.id.uuidString < right.id.uuidString
    }

    private static func batchOperation(
        _ number: Int, project: Int = 1, wallTime: Int64? = nil,
        fields: ProjectFields = ProjectFields(title: "Card")
    ) -> ProjectOperation {
        SyncFixtures.operation(number, project: project, wallTime: wallTime, fields: fields)
    }
}

#endif
