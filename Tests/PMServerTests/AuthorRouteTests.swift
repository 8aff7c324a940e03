import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// The push route records who pushed; the pull route sends it beside each operation.
@Suite struct AuthorRouteTests {
    @Test func givenPushesByAdaAndBob_whenPulled_thenEachOperationNamesItsPusher() async throws {
        // Given bob a member of the board too
        let fixture = try await ServerFixture.make()
        try await fixture.repository.grant(board: "team", user: "bob")
        // And an operation stored before authors were recorded
        _ = try await fixture.repository.push(board: "team", operations: [SyncFixtures.operation(1)])
        try await fixture.application.test(.router) { client in
            // When ada pushes one operation and bob one more (and ada's again, retried)
            let uri = "/v1/boards/team/operations"
            for (token, numbers) in [(fixture.ada, [2]), (fixture.bob, [2, 3])] {
                let operations = numbers.map { SyncFixtures.operation($0) }
                try await client.execute(
                    uri: uri, method: .post, headers: fixture.headers(token), body: try ServerFixture.body(operations)
                ) { #expect($0.status == .ok) }
            }
            // Then the page names ada, then bob, and leaves the old operation's author out
            try await client.execute(uri: uri, method: .get, headers: fixture.headers(fixture.bob)) { response in
                let page = try decode(OperationPage.self, response)
                #expect(page.operations.map(\.author) == [nil, "ada", "bob"])
                #expect(OperationPage.readPlain(Data(response.body.readableBytesView)) == page)
                let text = String(buffer: response.body)
                #expect(text.contains(#""author":"ada""#) && text.contains(#""author":"bob""#))
                #expect(text.components(separatedBy: #""author""#).count == 3)
            }
        }
    }
}
