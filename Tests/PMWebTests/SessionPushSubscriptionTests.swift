import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMTestSupport
import PMWeb
import Testing

/// A browser subscribes to deadline notifications with its session cookie: only from the
/// server's own pages, and signing out removes the subscription with the session.
@Suite struct SessionPushSubscriptionTests {
    static let subscription = ByteBuffer(
        string: """
            {"endpoint":"https://push.example/send/ada","expirationTime":null,"keys":{"p256dh":\
            "\(Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation))",\
            "auth":"\(Base64URL.encode([UInt8](repeating: 5, count: 16)))"}}
            """)

    static func application(_ fixture: WebFixture) -> some ApplicationProtocol {
        let push = WebPushRoutes.additions(
            repository: fixture.repository, keys: WebPushKeys(repository: fixture.repository))
        return Application(
            router: buildRouter(
                repository: fixture.repository, additions: fixture.web().additions.merging(push),
                clockSkew: .acceptingEveryWallTime))
    }

    @Test func signingOutRemovesTheBrowsersSubscription() async throws {
        // Given ada signed in through the page, subscribed from the server's own origin
        let fixture = try await WebFixture.make()
        try await Self.application(fixture).test(.router) { client in
            var headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            headers[.contentType] = "application/json"
            let subscribed = try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: headers, body: Self.subscription)
            #expect(subscribed.status == .created)
            #expect(await fixture.repository.pushSubscriptions().count == 1)
            // When she signs out
            let signedOut = try await client.execute(uri: "/signout", method: .post, headers: headers)
            #expect(signedOut.status == .seeOther)
            // Then the browser is subscribed no more
            #expect(await fixture.repository.pushSubscriptions().isEmpty)
        }
    }

    @Test(arguments: [nil, "https://evil.example"])
    func aSubscriptionFromAnotherSitesPageIsRefused(_ origin: String?) async throws {
        let fixture = try await WebFixture.make()
        try await Self.application(fixture).test(.router) { client in
            var headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            headers[.contentType] = "application/json"
            headers[.origin] = origin
            let refused = try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: headers, body: Self.subscription)
            #expect(refused.status == .forbidden)
        }
        #expect(await fixture.repository.pushSubscriptions().isEmpty)
    }

    @Test func theKeyIsServedToASignedInBrowser() async throws {
        let fixture = try await WebFixture.make()
        try await Self.application(fixture).test(.router) { client in
            let headers = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            let key = try await client.execute(uri: "/v1/push/key", method: .get, headers: headers)
            #expect(key.status == .ok)
            #expect(key.text.contains(#""publicKey":"B"#))
        }
    }
}
