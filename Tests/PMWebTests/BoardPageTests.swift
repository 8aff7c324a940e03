import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMTestSupport
import Testing

@Suite struct BoardPageTests {
    @Test func givenNoSessionWhenABoardIsOpenedThenTheBrowserIsSentToSignInAndBack() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/boards/team", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/?next=/boards/team")
        }
    }

    @Test func givenAMemberWhenTheirBoardIsOpenedThenTheBoardPageIsSentWithThePolicy() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            let response = try await client.execute(uri: "/boards/team", method: .get, headers: cookie)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(
                response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'; script-src 'self';") == true)
            #expect(response.text.contains(#"src="/static/js/app.js""#))
        }
    }

    @Test(arguments: ["/boards/team", "/boards/nowhere"])
    func givenAnotherUserWhenABoardNotTheirsIsOpenedThenTheSameNotFoundPage(_ path: String) async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "bob", secret: "\(fixture.team.bob)")
            let response = try await client.execute(uri: path, method: .get, headers: cookie)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(response.text.contains("There is no such board among yours."))
        }
    }
}
