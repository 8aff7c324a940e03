import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// The outbox, the stream cursor and the snapshot start: what sync keeps in the board's file.
@Suite struct OutboxTests {
    let world = TestWorld(day: "2026-11-21")
    let remote = Remote(url: "http://127.0.0.1:8080", board: "team", token: "pm_secret")
    let laptop = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000000")!

    func database() throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(remote)
        return database
    }

    func add(_ title: String, to database: AppDatabase) throws -> ProjectOperation {
        try #require(
            database.add(ProjectFields(title: title, deadline: Deadline(iso: "2026-12-01"), status: .todo)).operation)
    }

    func remoteEdit(_ number: UInt64, _ project: UUID, at wallTime: Int64, _ fields: ProjectFields) -> ProjectOperation
    {
        ProjectOperation(
            id: UUID.counted(5000 + number), projectID: project,
            timestamp: HybridTimestamp(wallTime: wallTime, counter: 0, device: laptop), fields: fields)
    }

    @Test func localChangesWaitUntilTheServerAcknowledgesThem() throws {
        let database = try database()
        let first = try add("보고서", to: database)
        let second = try add("Slides", to: database)
        #expect(try database.pendingCount() == 2)
        #expect(try database.pendingOperations(limit: 10).map(\.id) == [first.id, second.id])
        #expect(try database.pendingOperations(limit: 1).map(\.id) == [first.id], "oldest first")

        try database.acknowledge([(first.id, 1)])
        #expect(try database.pendingOperations(limit: 10).map(\.id) == [second.id])
        try database.acknowledge([(second.id, 2)])
        #expect(try database.pendingCount() == 0)
        #expect(try database.syncRecord().pending == 0)
    }

    @Test func aPulledPageMergesAndMovesTheCursorOnce() throws {
        let database = try database()
        let mine = try add("Mine", to: database)
        let theirs = remoteEdit(
            1, UUID.counted(900), at: world.now.millisecondsSince1970 - 5_000,
            ProjectFields(title: "Theirs", deadline: Deadline(iso: "2026-12-02"), status: .doing))
        // My own operation comes back in the pull, its answer having been lost: it leaves the outbox.
        let page: [(serverSeq: Int64, operation: ProjectOperation)] = [(1, mine), (2, theirs)]
        #expect(try database.merge(pulled: page, advancing: .stream(next: 2)) == 1)
        #expect(try database.pendingCount() == 0)
        #expect(try database.syncRecord().cursor == 2)
        #expect(Set(try database.projects().map(\.title)) == ["Mine", "Theirs"])

        // The same page again (a retried pull) changes nothing, and the cursor never goes back.
        let before = try database.operations()
        #expect(try database.merge(pulled: page, advancing: .stream(next: 1)) == 0)
        #expect(try database.operations() == before)
        #expect(try database.syncRecord().cursor == 2)
    }

    @Test func anOlderEditFromElsewhereLosesToANewerLocalOne() throws {
        let database = try database()
        let card = try add("Local title", to: database)
        let older = remoteEdit(1, card.projectID, at: card.timestamp.wallTime - 60_000, ProjectFields(title: "Old"))
        try database.merge(pulled: [(1, older)], advancing: .stream(next: 1))
        #expect(try database.project(card.projectID)?.title == "Local title")
        #expect(try database.history(limit: nil).count == 2, "the losing edit is still in the history")
    }

    @Test func anotherBoardPutsEveryChangeBackInTheOutboxButANewTokenDoesNot() throws {
        let database = try database()
        let card = try add("Card", to: database)
        try database.acknowledge([(card.id, 1)])
        try database.merge(pulled: [(1, card)], advancing: .stream(next: 1))

        try database.setRemote(Remote(url: remote.url, board: remote.board, token: "pm_rotated"))
        #expect(try database.pendingCount() == 0)
        #expect(try database.syncRecord().cursor == 1)
        #expect(try database.remote()?.token == "pm_rotated")

        try database.setRemote(Remote(url: remote.url, board: "other", token: "pm_rotated"))
        #expect(try database.pendingCount() == 1)
        #expect(try database.syncRecord().cursor == 0)

        #expect(try database.removeRemote()?.board == "other")
        #expect(try database.remote() == nil)
        #expect(try database.projects().count == 1, "removing the remote keeps every change")
    }

    @Test func anEmptyDeviceStartsFromTheSnapshotAndLaterEditsMergeByTheirClocks() throws {
        let database = try database()
        let project = UUID.counted(77)
        let created = remoteEdit(
            1, project, at: 1_000,
            ProjectFields(title: "From the snapshot", deadline: Deadline(iso: "2026-12-01"), status: .todo))
        let renamed = remoteEdit(2, project, at: 3_000, ProjectFields(title: "Renamed"))
        var state = ProjectState(id: project)
        state.apply(created)
        state.apply(renamed)
        #expect(try database.start(from: [state], serverSeq: 2))
        #expect(try database.project(project)?.title == "Renamed")
        #expect(try database.syncRecord().cursor == 2)
        #expect(try database.syncRecord().backfillRemaining == 2)

        // An edit that was older than the snapshot's title loses, as it would have on replay.
        let stale = remoteEdit(3, project, at: 2_000, ProjectFields(title: "Stale"))
        try database.merge(pulled: [(3, stale)], advancing: .stream(next: 3))
        #expect(try database.project(project)?.title == "Renamed")

        // The history behind the snapshot joins the log without changing the card.
        try database.merge(pulled: [(1, created), (2, renamed)], advancing: .backfill(next: 2))
        #expect(try database.syncRecord().backfillRemaining == 0)
        #expect(try database.project(project)?.title == "Renamed")
        #expect(try database.history(limit: nil).count == 3)

        // A device that has pulled or written anything does not start over from a snapshot.
        #expect(try !database.start(from: [], serverSeq: 9))
    }

    @Test func theRecordKeepsTheLastErrorUntilARoundSucceeds() throws {
        let database = try database()
        try database.recordSyncAttempt(at: world.now)
        try database.recordSyncFailure("the server refused (401 unauthorized)", stopped: true)
        var record = try database.syncRecord()
        #expect(record.stopped)
        #expect(record.lastError == "the server refused (401 unauthorized)")
        #expect(record.lastAttemptAt == world.now)
        #expect(record.lastSyncAt == nil)

        try database.recordSyncSuccess(at: world.now)
        record = try database.syncRecord()
        #expect(!record.stopped)
        #expect(record.lastError == nil)
        #expect(record.lastSyncAt == world.now)
    }
}

extension Date {
    fileprivate var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
}
