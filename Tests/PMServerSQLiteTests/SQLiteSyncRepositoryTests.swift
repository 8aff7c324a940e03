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

    @Test func theServersDatabaseSyncsEveryCommit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = try SQLiteSyncRepository.open(path: folder.appendingPathComponent("db.sqlite").path)
        #expect(try await repository.synchronousMode() == 2)
    }

    @Test func storedPageIsWhatWasPushedAndDecodesAsTheOperationPage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = try SQLiteSyncRepository.open(path: folder.appendingPathComponent("db.sqlite").path)
        try await repository.addUser(name: "ada")
        try await repository.addBoard("team", members: ["ada"])
        let texts = ["주간 회의록 정리", "🚀 👩🏽‍💻", #"a "quoted" \ back\slash / b"#, "line\nbreak\u{1}\u{1F}"]
        let operations = texts.enumerated().map {
            SyncFixtures.operation(
                $0.offset + 1, project: $0.offset % 2,
                fields: ProjectFields(
                    title: "t", description: $0.element, deadline: Deadline(daysSince1970: 20_500), status: .doing))
        }
        // A repeated id gets the first seq; an id already stored gets its seq back.
        let first = try await repository.push(board: "team", operations: [operations[0], operations[1], operations[0]])
        #expect(first.map(\.seq) == [1, 2, 1])
        let second = try await repository.push(board: "team", operations: operations)
        #expect(second.map(\.seq) == [1, 2, 3, 4])
        let stored = try await repository.storedOperations(board: "team", after: 0, limit: 1000)
        let page = try JSONDecoder().decode(OperationPage.self, from: Data(stored.json()))
        #expect(page == (try await repository.operations(board: "team", after: 0, limit: 1000)))
        #expect(page.operations.map(\.operation) == operations)
        #expect(page.next == 4 && page.head == 4)
        let snapshot = try await repository.snapshot(board: "team")
        #expect(Set(snapshot.projects.map(\.description)) == [texts[2], texts[3]])
    }
}
