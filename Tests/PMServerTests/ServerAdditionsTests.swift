import Hummingbird
import HummingbirdAuth
import HummingbirdTesting
import PMServer
import PMTestSupport
import Testing

@Suite struct ServerAdditionsTests {
    @Test func givenAdditionsWhenTheServerIsBuiltThenTheirRoutesAndWaysToSignInAreServed() async throws {
        // Given a module adding a route of its own and a Basic-style way into the board routes
        let fixture = try await ServerFixture.make()
        let additions = ServerAdditions(
            boardAuthenticators: [BoardAccessTests.basic],
            routes: [{ routes in routes.get("/added") { _, _ in "added" } }])
        let application = Application(
            router: buildRouter(
                repository: fixture.repository, additions: additions, clockSkew: .acceptingEveryWallTime))
        try await application.test(.router) { client in
            // Then its route answers, and the route list knows it, so another method gets a 405
            try await client.execute(uri: "/added", method: .get) { #expect(String(buffer: $0.body) == "added") }
            try await client.execute(uri: "/added", method: .post) { response in
                try expectError(response, .methodNotAllowed, code: "methodNotAllowed")
                #expect(response.headers[.allow] == "GET")
            }
            // And the board's own routes admit a user its authenticator recognises
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: [.authorization: "Basic YWRhOg=="]
            ) { #expect($0.status == .ok) }
            // While the bearer token still works beside it
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .get, headers: fixture.headers(fixture.ada)
            ) { #expect($0.status == .ok) }
        }
    }
}
