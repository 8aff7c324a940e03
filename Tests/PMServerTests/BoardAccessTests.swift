import Foundation
import Hummingbird
import HummingbirdAuth
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct BoardAccessTests {
    /// One board route behind ``RouterMethods/boardGroup(repository:authenticators:)``,
    /// answering who got in to which board.
    static func application(
        _ fixture: ServerFixture,
        authenticators: [any MiddlewareProtocol<Request, Response, BoardRequestContext>]? = nil
    ) -> some ApplicationProtocol {
        let router = Router(context: BoardRequestContext.self)
        router.boardGroup(repository: fixture.repository, authenticators: authenticators).get("whoami") {
            _, context in
            "\(context.identity ?? "nobody") on \(context.board ?? "nothing")"
        }
        return Application(router: router)
    }

    /// HTTP Basic as a calendar app would send it, for ada and bob, recognised without a password
    /// check: standing in for a further way of signing in.
    static let basic = ClosureAuthenticator<BoardRequestContext> { request, _ in
        switch request.headers[.authorization] {
        case "Basic YWRhOg==": "ada"
        case "Basic Ym9iOg==": "bob"
        default: nil
        }
    }

    @Test func givenAnotherAuthenticatorBesideTheTokenWhenEitherSignsInThenTheSameAccessRulesApply() async throws {
        // Given a board group with the bearer token and HTTP Basic side by side
        let fixture = try await ServerFixture.make()
        let authenticators: [any MiddlewareProtocol<Request, Response, BoardRequestContext>] = [
            BearerTokenAuthenticator(repository: fixture.repository, context: BoardRequestContext.self), Self.basic,
        ]
        try await Self.application(fixture, authenticators: authenticators).test(.router) { client in
            // When ada signs in either way, then she reaches her board
            for authorization in ["Bearer \(fixture.ada)", "Basic YWRhOg=="] {
                try await client.execute(
                    uri: "/v1/boards/team/whoami", method: .get, headers: [.authorization: authorization]
                ) { response in
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == "ada on team")
                }
            }
            // When bob signs in by Basic, then ada's board is as missing to him as any other
            try await client.execute(
                uri: "/v1/boards/team/whoami", method: .get, headers: [.authorization: "Basic Ym9iOg=="]
            ) { try expectError($0, .notFound, code: "boardNotFound") }
            // When nobody is recognised, then the answer is 401
            try await client.execute(
                uri: "/v1/boards/team/whoami", method: .get, headers: [.authorization: "Basic bm9ib2R5Og=="]
            ) { try expectError($0, .unauthorized, code: "unauthorized") }
        }
    }

    @Test func givenTheDefaultGroupWhenSigningInByAnythingButABearerTokenThenItIsRefused() async throws {
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/whoami", method: .get, headers: [.authorization: "Bearer \(fixture.ada)"]
            ) { #expect(String(buffer: $0.body) == "ada on team") }
            try await client.execute(
                uri: "/v1/boards/team/whoami", method: .get, headers: [.authorization: "Basic YWRhOg=="]
            ) { try expectError($0, .unauthorized, code: "unauthorized") }
        }
    }
}
