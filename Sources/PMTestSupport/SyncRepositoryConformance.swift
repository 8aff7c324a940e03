// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

import PMDomain
public import PMServer
import PMSyncProtocol
public import Testing

/// The behaviour every ``SyncRepository`` must show, written once and run against each
/// backend: `@Test(arguments: SyncRepositoryConformance.checks) func conforms(_ check: …)`.
public enum SyncRepositoryConformance {
    /// Makes a fresh, empty repository.
    public typealias Factory = @Sendable () async throws -> any SyncRepository

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
        Check(name: "pushNumbersOperationsFromOneWithoutGaps", run: pushNumbersOperationsFromOneWithoutGaps),
        Check(
            name: "retriedPushGetsSameSeqsAndAppliesNothingTwice", run: retriedPushGetsSameSeqsAndAppliesNothingTwice),
        Check(name: "boardsKeepSeparateSequences", run: boardsKeepSeparateSequences),
        Check(name: "concurrentPushesLeaveNoGaps", run: concurrentPushesLeaveNoGaps),
        Check(name: "operationsPageAfterCursor", run: operationsPageAfterCursor),
        Check(name: "snapshotMergesByClockAndHidesDeleted", run: snapshotMergesByClockAndHidesDeleted),
        Check(name: "snapshotKeepsMergingAcrossPushes", run: snapshotKeepsMergingAcrossPushes),
        Check(name: "membershipFollowsBoardsAndGrants", run: membershipFollowsBoardsAndGrants),
        Check(name: "usersAndBoardsAreUnique", run: usersAndBoardsAreUnique),
        Check(name: "tokensAreFoundByPrefixAndRevoked", run: tokensAreFoundByPrefixAndRevoked),
        Check(name: "unknownBoardIsRefused", run: unknownBoardIsRefused),
        Check(name: "feedKeysAreFoundByPrefixAndRevoked", run: feedKeysAreFoundByPrefixAndRevoked),
        Check(name: "feedKeyIsOnlyForAMemberOfAKnownBoard", run: feedKeyIsOnlyForAMemberOfAKnownBoard),
        Check(name: "sessionsAreFoundByHashAndEnded", run: sessionsAreFoundByHashAndEnded),
        Check(name: "expiredSessionsAreForgotten", run: expiredSessionsAreForgotten),
        Check(name: "revokingATokenEndsItsUsersSessions", run: revokingATokenEndsItsUsersSessions),
        Check(name: "changingAPasswordEndsItsUsersSessions", run: changingAPasswordEndsItsUsersSessions),
        Check(
            name: "boardsOfAMemberAndWhetherAnyoneHasAnAccount", run: boardsOfAMemberAndWhetherAnyoneHasAnAccount),
        Check(name: "passwordIsSetReplacedAndKeptPerUser", run: passwordIsSetReplacedAndKeptPerUser),
        Check(name: "passwordOfAnUnknownUserIsRefused", run: passwordOfAnUnknownUserIsRefused),
        Check(
            name: "pushRecordsItsAuthorAndARetryKeepsTheFirst", run: pushRecordsItsAuthorAndARetryKeepsTheFirst),
        Check(name: "pullAnswerIsTheStoredPageWritten", run: pullAnswerIsTheStoredPageWritten),
        Check(name: "pullAnswerOfAnUnknownBoardIsRefused", run: pullAnswerOfAnUnknownBoardIsRefused),
        Check(
            name: "snapshotPagesHoldTheSnapshotsCardsAcrossPages", run: snapshotPagesHoldTheSnapshotsCardsAcrossPages),
        Check(
            name: "snapshotPagesIgnorePushesMadeWhileTheyAreRead", run: snapshotPagesIgnorePushesMadeWhileTheyAreRead),
        Check(name: "snapshotPagesOfAnUnknownBoardAreRefused", run: snapshotPagesOfAnUnknownBoardAreRefused),
        Check(
            name: "pushMixingNewAndStoredOperationsStoresEachOnce", run: pushMixingNewAndStoredOperationsStoresEachOnce),
        Check(
            name: "manyOperationsOnOneCardMergeWhateverTheirOrder", run: manyOperationsOnOneCardMergeWhateverTheirOrder),
        Check(name: "largePushIsStoredWholeAndRetriedWhole", run: largePushIsStoredWholeAndRetriedWhole),
        Check(
            name: "concurrentOverlappingPushesToOneCardStoreEachOnce",
            run: concurrentOverlappingPushesToOneCardStoreEachOnce),
        Check(
            name: "concurrentPushesEditingOneStoredCardKeepEveryEdit",
            run: concurrentPushesEditingOneStoredCardKeepEveryEdit),
        Check(name: "pushToAnUnknownBoardStoresNothing", run: pushToAnUnknownBoardStoresNothing),
        Check(name: "usersBoardsAndMembersAreListedInOrder", run: usersBoardsAndMembersAreListedInOrder),
        Check(
            name: "aMemberIsRemovedWithTheirFeedKeysForThatBoardOnly",
            run: aMemberIsRemovedWithTheirFeedKeysForThatBoardOnly),
        Check(name: "tokensAreListedWithTheirTimesAndRevokedAll", run: tokensAreListedWithTheirTimesAndRevokedAll),
        Check(name: "namesDifferingOnlyInCaseAreOneName", run: namesDifferingOnlyInCaseAreOneName),
    ]

    /// A repository holding user `ada` with board `team`.
    static func teamBoard(_ make: Factory) async throws -> any SyncRepository {
        let repository = try await make()
        try await repository.addUser(name: "ada")
        try await repository.addBoard("team", members: ["ada"])
        return repository
    }

    static func pushNumbersOperationsFromOneWithoutGaps(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let first = try await repository.push(board: "team", operations: [.fixture(1), .fixture(2)])
        let second = try await repository.push(board: "team", operations: [.fixture(3)])
        #expect(first.map(\.seq) == [1, 2])
        #expect(first.map(\.id) == [SyncFixtures.uuid(1), SyncFixtures.uuid(2)])
        #expect(second.map(\.seq) == [3])
    }

    static func retriedPushGetsSameSeqsAndAppliesNothingTwice(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let batch: [ProjectOperation] = [.fixture(1), .fixture(2)]
        let first = try await repository.push(board: "team", operations: batch)
        let retried = try await repository.push(board: "team", operations: batch + [.fixture(3), .fixture(3)])
        #expect(retried.map(\.seq) == first.map(\.seq) + [3, 3])
        let page = try await repository.operations(board: "team", after: 0, limit: 100)
        #expect(page.operations.map(\.seq) == [1, 2, 3])
        #expect(page.head == 3)
    }

    static func boardsKeepSeparateSequences(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addBoard("other", members: ["ada"])
        _ = try await repository.push(board: "team", operations: [.fixture(1), .fixture(2)])
        let other = try await repository.push(board: "other", operations: [.fixture(3)])
        #expect(other.map(\.seq) == [1])
        #expect(try await repository.operations(board: "other", after: 0, limit: 10).head == 1)
    }

    static func concurrentPushesLeaveNoGaps(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        // Ten clients push ten-operation batches at once, each batch twice.
        let seqs = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for client in 0..<10 {
                let batch = (1...10).map { ProjectOperation.fixture(client * 10 + $0, project: client) }
                for _ in 0..<2 {
                    group.addTask { try await repository.push(board: "team", operations: batch).map(\.seq) }
                }
            }
            return try await group.reduce(into: [Int64]()) { $0 += $1 }
        }
        #expect(Set(seqs) == Set(1...100))
        let page = try await repository.operations(board: "team", after: 0, limit: 1000)
        #expect(page.operations.map(\.seq) == Array(1...100))
        #expect(Set(page.operations.map(\.operation.id)).count == 100)
    }

    static func operationsPageAfterCursor(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        _ = try await repository.push(board: "team", operations: (1...5).map { .fixture($0) })
        let page = try await repository.operations(board: "team", after: 1, limit: 2)
        #expect(page.operations.map(\.seq) == [2, 3])
        #expect(page.operations.map(\.operation) == [.fixture(2), .fixture(3)])
        #expect(page.next == 3)
        #expect(page.head == 5)
        let end = try await repository.operations(board: "team", after: 5, limit: 2)
        #expect(end.operations.isEmpty)
        #expect(end.next == 5)
        let beyond = try await repository.operations(board: "team", after: 9, limit: 2)
        #expect(beyond.operations.isEmpty)
        #expect(beyond.head == 5)
    }

    static func snapshotMergesByClockAndHidesDeleted(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let empty = try await repository.snapshot(board: "team")
        #expect(empty.seq == 0)
        #expect(empty.projects.isEmpty)
        // The later edit arrives first; the earlier one must not overwrite it.
        _ = try await repository.push(
            board: "team",
            operations: [
                .fixture(1, project: 1, wallTime: 1000, fields: ProjectFields(title: "First", status: .todo)),
                .fixture(2, project: 1, wallTime: 3000, fields: ProjectFields(title: "Renamed")),
                .fixture(3, project: 1, wallTime: 2000, fields: ProjectFields(title: "Stale", status: .doing)),
                .fixture(4, project: 2, wallTime: 1000, fields: ProjectFields(title: "Gone")),
                .fixture(5, project: 2, wallTime: 2000, fields: ProjectFields(deleted: true)),
            ])
        let snapshot = try await repository.snapshot(board: "team")
        #expect(snapshot.seq == 5)
        #expect(snapshot.projects.map(\.title) == ["Renamed"])
        #expect(snapshot.projects.first?.status == .doing)
        #expect(snapshot.projects.first?.createdAt == 1000)
        #expect(snapshot.projects.first?.updatedAt == 3000)
    }

    static func snapshotKeepsMergingAcrossPushes(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let deadline = Deadline(daysSince1970: 20_500)
        _ = try await repository.push(
            board: "team",
            operations: [
                .fixture(
                    1, wallTime: 1000,
                    fields: ProjectFields(title: "Plan", description: "Notes", deadline: deadline, status: .todo))
            ])
        _ = try await repository.push(
            board: "team", operations: [.fixture(2, wallTime: 3000, fields: ProjectFields(status: .done))])
        _ = try await repository.push(
            board: "team", operations: [.fixture(3, wallTime: 2000, fields: ProjectFields(status: .doing))])
        let snapshot = try await repository.snapshot(board: "team")
        #expect(snapshot.seq == 3)
        #expect(snapshot.projects.count == 1)
        let card = try #require(snapshot.projects.first)
        #expect(card.id == SyncFixtures.operation(1).projectID)
        #expect(card.title == "Plan")
        #expect(card.description == "Notes")
        #expect(card.deadline == deadline)
        #expect(card.status == .done)
    }

    static func membershipFollowsBoardsAndGrants(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        try await repository.addUser(name: "bob")
        #expect(try await repository.isMember(board: "team", user: "ada"))
        #expect(try await !repository.isMember(board: "team", user: "bob"))
        #expect(try await !repository.isMember(board: "nowhere", user: "ada"))
        try await repository.grant(board: "team", user: "bob")
        try await repository.grant(board: "team", user: "bob")
        #expect(try await repository.isMember(board: "team", user: "bob"))
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.grant(board: "team", user: "eve")
        }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.grant(board: "nowhere", user: "bob")
        }
    }

    static func usersAndBoardsAreUnique(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.userExists("ada")) { try await repository.addUser(name: "ada") }
        await #expect(throws: SyncRepositoryError.boardExists("team")) {
            try await repository.addBoard("team", members: [])
        }
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.addBoard("new", members: ["ada", "eve"])
        }
        #expect(try await !repository.isMember(board: "new", user: "ada"))
    }

    static func tokensAreFoundByPrefixAndRevoked(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        let token = AccessToken(randomBytes: Array(repeating: 0xAB, count: 20))
        let other = AccessToken(randomBytes: Array(repeating: 0xCD, count: 20))
        try await repository.addToken(token.stored(for: "ada"))
        try await repository.addToken(other.stored(for: "ada"))
        let found = try await repository.tokens(prefix: token.prefix)
        #expect(found == [token.stored(for: "ada")])
        #expect(found.allSatisfy(token.matches))
        await #expect(throws: SyncRepositoryError.userUnknown("eve")) {
            try await repository.addToken(token.stored(for: "eve"))
        }
        await #expect(throws: SyncRepositoryError.tokenAmbiguous("pm_")) {
            try await repository.revokeToken(prefix: "pm_")
        }
        #expect(try await repository.revokeToken(prefix: "pm_abab") == "ada")
        #expect(try await repository.tokens(prefix: token.prefix).isEmpty)
        #expect(try await repository.tokens(prefix: other.prefix).count == 1)
        await #expect(throws: SyncRepositoryError.tokenUnknown("pm_abab")) {
            try await repository.revokeToken(prefix: "pm_abab")
        }
    }

    static func unknownBoardIsRefused(_ make: Factory) async throws {
        let repository = try await teamBoard(make)
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.push(board: "nowhere", operations: [.fixture(1)])
        }
        await #expect(throws: SyncRepositoryError.boardUnknown("nowhere")) {
            try await repository.snapshot(board: "nowhere")
        }
    }
}

extension ProjectOperation {
    fileprivate static func fixture(
        _ number: Int, project: Int = 1, wallTime: Int64? = nil, fields: ProjectFields = ProjectFields(title: "Card")
    ) -> ProjectOperation {
        SyncFixtures.operation(number, project: project, wallTime: wallTime, fields: fields)
    }
}

#endif
