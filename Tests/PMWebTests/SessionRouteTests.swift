import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct SessionRouteTests {
    @Test func givenASessionWhenThePageAsksWhoItIsThenTheUserAndTheirBoards() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            let response = try await client.execute(uri: "/v1/session", method: .get, headers: cookie)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.text == #"{"boards":["team"],"user":"ada"}"#)
            let bob = try await WebFixture.signIn(client, user: "bob", secret: "\(fixture.team.bob)")
            let bobs = try await client.execute(uri: "/v1/session", method: .get, headers: bob)
            #expect(bobs.text == #"{"boards":[],"user":"bob"}"#)
        }
    }

    @Test func givenNoSessionOrAMadeUpOneWhenThePageAsksWhoItIsThen401() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let none = try await client.execute(uri: "/v1/session", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.headers[.contentType]?.hasPrefix("application/json") == true)
            let madeUp = try await client.execute(
                uri: "/v1/session", method: .get, headers: [.cookie: "pm_session=" + String(repeating: "ab", count: 32)]
            )
            #expect(madeUp.status == .unauthorized)
        }
    }

    @Test func givenASessionWhenThirtyDaysPassThenItNoLongerSignsIn() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            fixture.advance(by: 30 * 24 * 60 * 60 - 1)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: cookie).status == .ok)
            fixture.advance(by: 1)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: cookie).status == .unauthorized)
        }
    }

    @Test func givenASessionWhenOneOfTheUsersTokensIsRevokedThenTheSessionEnds() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            let bob = try await WebFixture.signIn(client, user: "bob", secret: "\(fixture.team.bob)")
            _ = try await fixture.repository.revokeToken(prefix: fixture.team.ada.prefix)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: cookie).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: bob).status == .ok)
        }
    }
}
