import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// The session cookie on the sync API: reads as a bearer token does; writes and the WebSocket
/// upgrade only from the server's own pages.
@Suite struct SessionAccessTests {
    static let push = ByteBuffer(string: #"{"operations":[]}"#)

    @Test func givenASessionWhenPullingThenTheBoardIsReadLikeWithAToken() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            var cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            cookie[.origin] = nil
            let pull = try await client.execute(
                uri: "/v1/boards/team/operations?after=0", method: .get, headers: cookie)
            #expect(pull.status == .ok)
            #expect(pull.text.contains(#""head":0"#))
        }
    }

    @Test func givenASessionFromOurOwnPageWhenPushingThenItIsAccepted() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            var headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            headers[.contentType] = "application/json"
            let push = try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: headers, body: Self.push)
            #expect(push.status == .ok)
        }
    }

    @Test(arguments: [nil, "https://evil.example", "http://localhost:9999", "null"])
    func givenASessionWithoutOurOriginWhenPushingThen403(_ origin: String?) async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            var headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            headers[.contentType] = "application/json"
            headers[.origin] = origin
            let push = try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: headers, body: Self.push)
            #expect(push.status == .forbidden)
            #expect(push.text.contains(#""code":"foreignOrigin""#))
        }
    }

    @Test func givenASessionWithAForeignOriginWhenUpgradingToTheLiveSocketThen403() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            var headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            headers[.origin] = "https://evil.example"
            headers[.upgrade] = "websocket"
            headers[.connection] = "Upgrade"
            let live = try await client.execute(uri: "/v1/boards/team/live", method: .get, headers: headers)
            #expect(live.status == .forbidden)
        }
    }

    @Test func givenNoSessionWhenPushingThen401AndABearerTokenNeedsNoOrigin() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let none = try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: [.contentType: "application/json"],
                body: Self.push)
            #expect(none.status == .unauthorized)
            let bearer = try await client.execute(
                uri: "/v1/boards/team/operations", method: .post,
                headers: [.contentType: "application/json", .authorization: "Bearer \(fixture.team.ada)"],
                body: Self.push)
            #expect(bearer.status == .ok)
        }
    }

    @Test func givenAnotherUsersSessionWhenPullingAdasBoardThen404() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let bob = try await WebFixture.signIn(client, user: "bob", secret: "\(fixture.team.bob)")
            let pull = try await client.execute(uri: "/v1/boards/team/operations?after=0", method: .get, headers: bob)
            #expect(pull.status == .notFound)
        }
    }
}
