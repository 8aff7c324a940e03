import Foundation
import PMDomain
import PMServer
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct SQLiteSyncRepositoryTests {
    @Test(arguments: SyncRepositoryConformance.checks)
    func conformsToTheRepositoryContract(_ check: SyncRepositoryConformance.Check) async throws {
        try await check.run { try SQLiteSyncRepository.inMemory() }
    }

    @Test(arguments: SyncRepositoryConformance.checks)
    func conformsToTheRepositoryContractOnAFile(_ check: SyncRepositoryConformance.Check) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await check.run { try SQLiteSyncRepository.open(path: folder.appendingPathComponent("db.sqlite").path) }
    }

    @Test func operationsSurviveReopeningTheFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-\(getpid())-reopen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/pm-server.sqlite").path
        do {
            let repository = try SQLiteSyncRepository.open(path: path)
            try await repository.addUser(name: "ada")
            try await repository.addBoard("team", members: ["ada"])
            _ = try await repository.push(board: "team", operations: [SyncFixtures.operation(1)])
        }
        let reopened = try SQLiteSyncRepository.open(path: path)
        let page = try await reopened.operations(board: "team", after: 0, limit: 10)
        #expect(page.operations.map(\.operation) == [SyncFixtures.operation(1)])
        #expect(try await reopened.push(board: "team", operations: [SyncFixtures.operation(1)]).map(\.seq) == [1])
    }
}
