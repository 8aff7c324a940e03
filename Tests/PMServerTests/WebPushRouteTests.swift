import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct WebPushRouteTests {
    static let browserKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    static let auth = Base64URL.encode([UInt8](repeating: 3, count: 16))

    static func application(_ fixture: ServerFixture) -> some ApplicationProtocol {
        let additions = WebPushRoutes.additions(
            repository: fixture.repository,
            keys: WebPushKeys(repository: fixture.repository, newKey: { [UInt8](repeating: 1, count: 32) }))
        return Application(
            router: buildRouter(
                repository: fixture.repository, additions: additions, clockSkew: .acceptingEveryWallTime))
    }

    static func body(
        endpoint: String = "https://push.example/send/abc", p256dh: String = browserKey, auth: String = auth,
        timeZone: String = "\"Asia/Seoul\""
    ) -> ByteBuffer {
        ByteBuffer(
            string: """
                {"endpoint":"\(endpoint)","expirationTime":null,"keys":{"p256dh":"\(p256dh)","auth":"\(auth)"},\
                "timeZone":\(timeZone)}
                """)
    }

    @Test func aMemberSubscribesAndUnsubscribesABoard() async throws {
        // Given ada, a member of team
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            // When she posts a browser's subscription
            try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: fixture.headers(fixture.ada),
                body: Self.body()
            ) { response in
                #expect(response.status == .created)
            }
            // Then it is stored for her and the board, with its keys and time zone
            let stored = await fixture.repository.pushSubscriptions()
            #expect(stored.map(\.endpoint) == ["https://push.example/send/abc"])
            #expect(stored.first?.user == "ada")
            #expect(stored.first?.p256dh == Base64URL.decode(Self.browserKey))
            #expect(stored.first?.timeZone == "Asia/Seoul")
            // and deleting it by its endpoint removes it; a second delete finds nothing
            let uri = "/v1/boards/team/push/subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fsend%2Fabc"
            try await client.execute(uri: uri, method: .delete, headers: fixture.headers(fixture.ada)) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: uri, method: .delete, headers: fixture.headers(fixture.ada)) { response in
                try expectError(response, .notFound, code: "pushSubscriptionNotFound")
            }
            #expect(await fixture.repository.pushSubscriptions().isEmpty)
        }
    }

    @Test(arguments: [
        (body(endpoint: "http://push.example/x"), "pushEndpoint"),
        (body(endpoint: "/relative/x"), "pushEndpoint"),
        (body(endpoint: "https://" + String(repeating: "a", count: 1100) + ".example/x"), "pushEndpoint"),
        (body(p256dh: "BAAA"), "pushKey"),
        (body(p256dh: Base64URL.encode([4] + [UInt8](repeating: 0, count: 64))), "pushKey"),
        (body(p256dh: "not+base64/url"), "pushKey"),
        (body(auth: Base64URL.encode([UInt8](repeating: 1, count: 15))), "pushAuth"),
        (body(timeZone: "\"Mars/Olympus\""), "timeZone"),
    ])
    func aSubscriptionBreakingARuleIsRefusedByName(_ body: ByteBuffer, _ code: String) async throws {
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: fixture.headers(fixture.ada),
                body: body
            ) { response in
                try expectError(response, .unprocessableContent, code: code)
            }
        }
        #expect(await fixture.repository.pushSubscriptions().isEmpty)
    }

    @Test func malformedJSONIsABadRequest() async throws {
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: fixture.headers(fixture.ada),
                body: ByteBuffer(string: #"{"endpoint":"https://push.example/x"}"#)
            ) { response in
                try expectError(response, .badRequest, code: "invalidJSON")
            }
        }
    }

    @Test func strangersAndNonMembersCannotSubscribe() async throws {
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: fixture.headers(nil),
                body: Self.body()
            ) { response in
                try expectError(response, .unauthorized, code: "unauthorized")
            }
            try await client.execute(
                uri: "/v1/boards/team/push/subscriptions", method: .post, headers: fixture.headers(fixture.bob),
                body: Self.body()
            ) { response in
                try expectError(response, .notFound, code: "boardNotFound")
            }
        }
        #expect(await fixture.repository.pushSubscriptions().isEmpty)
    }

    @Test func theKeyIsServedToTheSignedInOnly() async throws {
        // Given a server whose key is made at first use
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture).test(.router) { client in
            // When bob (on no board) asks for it, and when nobody does
            try await client.execute(uri: "/v1/push/key", method: .get, headers: fixture.headers(fixture.bob)) {
                response in
                // Then bob gets the uncompressed point of the stored key
                #expect(response.status == .ok)
                let key = try decode([String: String].self, response)["publicKey"].flatMap(Base64URL.decode)
                let expected = try P256.Signing.PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: 32))
                #expect(key == [UInt8](expected.publicKey.x963Representation))
            }
            try await client.execute(uri: "/v1/push/key", method: .get, headers: fixture.headers(nil)) { response in
                try expectError(response, .unauthorized, code: "unauthorized")
            }
        }
    }
}
