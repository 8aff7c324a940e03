import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct PullRouteTests {
    static func fixtureWithOperations(_ count: Int) async throws -> ServerFixture {
        let fixture = try await ServerFixture.make()
        _ = try await fixture.repository.push(
            board: "team", operations: (1...count).map { SyncFixtures.operation($0, project: $0) })
        return fixture
    }

    @Test func operationsArePagedAfterTheCursor() async throws {
        let fixture = try await Self.fixtureWithOperations(5)
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/operations?after=1&limit=3", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                #expect(response.status == .ok)
                let page = try decode(OperationPage.self, response)
                #expect(page.operations.map(\.seq) == [2, 3, 4])
                #expect(page.operations.map(\.operation.id) == [2, 3, 4].map(SyncFixtures.uuid))
                #expect(page.next == 4)
                #expect(page.head == 5)
            }
            try await client.execute(
                uri: "/v1/boards/team/operations?after=4", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                let page = try decode(OperationPage.self, response)
                #expect(page.operations.map(\.seq) == [5])
                #expect(page.next == page.head)
            }
        }
    }

    @Test func badCursorOrLimitIsRefusedWith400() async throws {
        let fixture = try await Self.fixtureWithOperations(1)
        try await fixture.application.test(.router) { client in
            for query in ["after=-1", "after=x", "limit=0", "limit=1001", "limit=", "after=1.5"] {
                try await client.execute(
                    uri: "/v1/boards/team/operations?\(query)", method: .get, headers: fixture.headers(fixture.ada)
                ) { try expectError($0, .badRequest, code: "badRequest") }
            }
        }
    }

    @Test func projectsAnswerTheMergedBoardAndItsSeq() async throws {
        let fixture = try await ServerFixture.make()
        _ = try await fixture.repository.push(
            board: "team",
            operations: [
                SyncFixtures.operation(1, project: 1, fields: ProjectFields(title: "Keep", status: .doing)),
                SyncFixtures.operation(2, project: 2, fields: ProjectFields(title: "Drop")),
                SyncFixtures.operation(3, project: 2, fields: ProjectFields(deleted: true)),
            ])
        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/projects", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                #expect(response.status == .ok)
                let snapshot = try decode(BoardSnapshot.self, response)
                #expect(snapshot.seq == 3)
                #expect(snapshot.projects.map(\.title) == ["Keep"])
                #expect(snapshot.projects.map(\.status) == [.doing])
            }
        }
    }
}
