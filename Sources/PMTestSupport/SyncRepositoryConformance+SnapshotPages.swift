// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import Testing

extension SyncRepositoryConformance {
    // The paged snapshot's behaviours, listed in ``checks`` with the others.

    static func snapshotPagesHoldTheSnapshotsCardsAcrossPages(_ make: Factory) async throws {
        // Given five cards and one created then deleted
        let repository = try await teamBoard(make)
        let created = (1...6).map {
            SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "Card \($0)"))
        }
        let deleted = SyncFixtures.operation(7, project: 6, fields: ProjectFields(deleted: true))
        _ = try await repository.push(board: "team", operations: created + [deleted])
        let whole = try await repository.snapshot(board: "team")

        // When the pages of two cards are read to the end
        let pages = try await repository.snapshotPages(board: "team", size: 2)
        let read = try await Self.allPages(pages)

        // Then they hold the snapshot's cards, each once, at its head
        #expect(pages.head == 7)
        #expect(pages.head == whole.seq)
        #expect(read.allSatisfy { $0.count <= 2 && !$0.isEmpty })
        #expect(read.flatMap(\.self).count == 5)
        #expect(Set(read.flatMap(\.self)) == Set(whole.projects))
    }

    static func snapshotPagesIgnorePushesMadeWhileTheyAreRead(_ make: Factory) async throws {
        // Given three cards, and their pages of one card opened and the first one read
        let repository = try await teamBoard(make)
        _ = try await repository.push(
            board: "team",
            operations: (1...3).map {
                SyncFixtures.operation($0, project: $0, wallTime: 1000, fields: ProjectFields(title: "Before"))
            })
        let pages = try await repository.snapshotPages(board: "team", size: 1)
        let first = try await pages.next()

        // When every card is renamed and one more is made before the rest is read
        _ = try await repository.push(
            board: "team",
            operations: (4...6).map {
                SyncFixtures.operation($0, project: $0 - 3, wallTime: 2000, fields: ProjectFields(title: "After"))
            } + [SyncFixtures.operation(7, project: 9, wallTime: 2000, fields: ProjectFields(title: "New"))])
        let rest = try await Self.allPages(pages).flatMap(\.self)

        // Then the pages still show the board at the head they named
        #expect(pages.head == 3)
        #expect((first + rest).map(\.title) == ["Before", "Before", "Before"])
    }

    static func snapshotPagesOfAnUnknownBoardAreRefused(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.snapshotPages(board: "nowhere", size: 10)
        }
    }

    /// Every page after those already read, up to the empty one that ends them.
    static func allPages(_ pages: SnapshotPages) async throws -> [[BoardSnapshot.Card]] {
        var read: [[BoardSnapshot.Card]] = []
        while case let page = try await pages.next(), !page.isEmpty { read.append(page) }
        return read
    }
}

#endif
