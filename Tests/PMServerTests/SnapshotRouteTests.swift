import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct SnapshotRouteTests {
    @Test func aSnapshotOfSeveralPagesIsAnsweredAsOneDocumentInTheUsualShape() async throws {
        // Given a board of 2,500 cards, written out by the route in three pages
        let fixture = try await ServerFixture.make()
        let count = SnapshotPages.size * 2 + SnapshotPages.size / 2
        _ = try await fixture.repository.push(
            board: "team",
            operations: (1...count).map {
                SyncFixtures.operation($0, project: $0, fields: ProjectFields(title: "Card \($0)"))
            })
        let whole = try await fixture.repository.snapshot(board: "team")

        try await fixture.application.test(.router) { client in
            // When the snapshot is asked for
            try await client.execute(
                uri: "/v1/boards/team/projects", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                // Then its bytes are those of the whole snapshot written at once: the pages
                // joined by commas inside one `projects` array, after the head
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(Array(response.body.readableBytesView) == JSONWriter.snapshot(whole))
                let snapshot = try JSONDecoder().decode(BoardSnapshot.self, from: Data(response.body.readableBytesView))
                #expect(snapshot.seq == Int64(count))
                #expect(snapshot.projects.count == count)
            }
        }
    }

    @Test func anEmptyBoardsSnapshotIsItsHeadAndNoCards() async throws {
        let fixture = try await ServerFixture.make()

        try await fixture.application.test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/projects", method: .get, headers: fixture.headers(fixture.ada)
            ) { response in
                #expect(response.status == .ok)
                #expect(String(decoding: response.body.readableBytesView, as: UTF8.self) == #"{"seq":0,"projects":[]}"#)
            }
        }
    }
}
