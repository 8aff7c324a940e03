import Foundation
import PMDomain
import PMServer
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Testing

/// A server restored from an older backup holds less than the devices pulled from it. A device
/// that notices — the board ends before its cursor, the operation at its cursor is another one,
/// or a new operation is numbered at or below its cursor — sends everything again, so the
/// restore loses nothing any device still holds.
@Suite(.timeLimit(.minutes(1))) struct ServerRestoreTests {
    let world = TestWorld(day: "2026-11-21")

    /// A device with `titles` added and synced with `server`, which also holds `others`' cards.
    func device(on server: FakeServer, titles: [String], others: [String]) async throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://fake.invalid", board: FakeServer.board, token: "pm_test"))
        for title in titles { _ = try database.add(ProjectFields(title: title, deadline: world.environment.today)) }
        try await server.push(fromElsewhere: others.map(elsewhere))
        let report = try await SyncRound(database: database, transport: server.transport, pageSize: 3).run()
        #expect(!report.resentEverything)
        return database
    }

    func elsewhere(_ title: String) -> ProjectOperation {
        ProjectOperation(
            id: world.nextID(), projectID: world.nextID(),
            timestamp: HybridTimestamp(wallTime: world.environment.wallTime, counter: 0, device: UUID.counted(9)),
            fields: ProjectFields(title: title, deadline: world.environment.today, status: .todo))
    }

    /// A server holding the first `count` operations of `server`, in its order: a backup.
    func backup(of server: FakeServer, first count: Int) async throws -> FakeServer {
        let restored = try await FakeServer()
        let page = try await server.repository.operations(board: BoardName(FakeServer.board), after: 0, limit: count)
        _ = try await restored.repository.push(
            board: BoardName(FakeServer.board), operations: page.operations.map(\.operation))
        return restored
    }

    func titles(_ database: AppDatabase) throws -> Set<String> { Set(try database.projects().map(\.title)) }

    @Test func givenAServerRestoredBehindTheCursorWhenTheDeviceSyncsThenItSendsEverythingAgain() async throws {
        // Given a device that pulled ten operations, and the server restored with the first four
        let server = try await FakeServer()
        let database = try await device(
            on: server, titles: ["가", "나", "다", "라", "마"], others: ["1", "2", "3", "4", "5"])
        let restored = try await backup(of: server, first: 4)
        // When the device syncs with the restored server
        let report = try await SyncRound(database: database, transport: restored.transport, pageSize: 3).run()
        // Then it noticed and sent everything again: the server holds every card, each operation once
        #expect(report.resentEverything)
        #expect(try await restored.titles() == titles(database))
        #expect(try await restored.titles().count == 10)
        let stored = try await restored.repository.operations(board: BoardName(FakeServer.board), after: 0, limit: 1000)
        #expect(Set(stored.operations.map(\.operation.id)).count == stored.operations.count)
        #expect(stored.operations.count == 10)
        // And the next round finds nothing missing
        let again = try await SyncRound(database: database, transport: restored.transport).run()
        #expect(!again.resentEverything && again.pushed == 0 && again.pulled == 0)
    }

    @Test func givenARestoredServerThatMovedPastTheCursorWhenTheDeviceSyncsThenTheWitnessCatchesIt() async throws {
        // Given a device at cursor 10, and a restored server others have pushed eight new cards to
        let server = try await FakeServer()
        let database = try await device(
            on: server, titles: ["가", "나", "다", "라", "마"], others: ["1", "2", "3", "4", "5"])
        let restored = try await backup(of: server, first: 4)
        try await restored.push(fromElsewhere: (1...8).map { elsewhere("new \($0)") })
        // When the device syncs (the restored board's head, 12, is past its cursor)
        let report = try await SyncRound(database: database, transport: restored.transport, pageSize: 3).run()
        // Then the operation at its cursor is another one: it sends everything and takes in the new cards
        #expect(report.resentEverything)
        #expect(try await restored.titles().count == 18)
        #expect(try await restored.titles() == titles(database))
    }

    @Test func givenARestoredServerWhenTheDevicePushesANewChangeThenItsNumberGivesTheRestoreAway() async throws {
        // Given a device at cursor 10 with a new change, and the server restored with the first four
        let server = try await FakeServer()
        let database = try await device(
            on: server, titles: ["가", "나", "다", "라", "마"], others: ["1", "2", "3", "4", "5"])
        _ = try database.add(ProjectFields(title: "새 카드", deadline: world.environment.today))
        let restored = try await backup(of: server, first: 4)
        // When it only pushes, as after a command
        let pushed = try await SyncRound(database: database, transport: restored.transport).pushOutbox()
        // Then the new change's number (5) is at or below its cursor: everything went again
        #expect(pushed == 11)
        #expect(try await restored.titles().count == 11)
    }

    @Test func givenAHealthyServerWhenDevicesSyncRepeatedlyThenNothingIsSentAgain() async throws {
        let server = try await FakeServer()
        let database = try await device(on: server, titles: ["가"], others: ["1"])
        for round in 0..<3 {
            _ = try database.add(ProjectFields(title: "카드 \(round)", deadline: world.environment.today))
            try await server.push(fromElsewhere: [elsewhere("다른 \(round)")])
            let report = try await SyncRound(database: database, transport: server.transport, pageSize: 1).run()
            #expect(!report.resentEverything)
            #expect(report.pushed == 1 && report.pulled == 1)
        }
    }
}
