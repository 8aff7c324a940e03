import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOWebSocket
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct LiveRouteTests {
    /// The in-memory server with the live route, on a real port.
    static func application(_ fixture: ServerFixture, live: LiveHeads) -> some ApplicationProtocol {
        buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), live: live, clockSkew: .acceptingEveryWallTime)
    }

    @Test func sendsTheHeadOnConnectingAndAfterEachPush() async throws {
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        let first = (1...2).map { SyncFixtures.operation($0) }
        _ = try await fixture.repository.push(board: "team", operations: first)
        try await Self.application(fixture, live: live).test(.live) { client in
            let port = try #require(client.port)
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.authorization] = "Bearer \(fixture.ada)"
            let (heads, received) = AsyncStream.makeStream(of: Int64.self)
            let connection = Task { [configuration] in
                try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/v1/boards/team/live", configuration: configuration,
                    logger: Logger(label: "test")
                ) { inbound, outbound, _ in
                    var count = 0
                    for try await message in inbound.messages(maxSize: 1 << 16) {
                        guard case .text(let text) = message else { continue }
                        received.yield(try JSONDecoder().decode(LiveFrame.self, from: Data(text.utf8)).head)
                        count += 1
                        if count == 2 { try await outbound.close(.normalClosure, reason: nil) }
                    }
                    received.finish()
                }
            }
            var iterator = heads.makeAsyncIterator()
            #expect(await iterator.next() == 2)
            // Push once the connection follows the board, so the push is news to it.
            #expect(try await waitUntil { live.subscriberCount(board: "team") == 1 })
            let batch = (3...5).map { SyncFixtures.operation($0) }
            try await client.execute(
                uri: "/v1/boards/team/operations", method: .post, headers: fixture.headers(fixture.ada),
                body: try ServerFixture.body(batch)
            ) { response in #expect(response.status == .ok) }
            #expect(await iterator.next() == 5)
            _ = try await connection.value
            #expect(try await waitUntil { live.subscriberCount(board: "team") == 0 })
        }
    }

    @Test func plainHTTPIsAskedToUpgradeAndStrangersAreRefusedFirst() async throws {
        let fixture = try await ServerFixture.make()
        try await Self.application(fixture, live: LiveHeads()).test(.live) { client in
            try await client.execute(uri: "/v1/boards/team/live", method: .get, headers: fixture.headers(fixture.ada)) {
                try expectError($0, .upgradeRequired, code: "upgradeRequired")
            }
            try await client.execute(uri: "/v1/boards/team/live", method: .get, headers: fixture.headers(nil)) {
                try expectError($0, .unauthorized, code: "unauthorized")
            }
            try await client.execute(uri: "/v1/boards/team/live", method: .get, headers: fixture.headers(fixture.bob)) {
                try expectError($0, .notFound, code: "boardNotFound")
            }
            try await client.execute(uri: "/v1/boards/team/live", method: .post, headers: fixture.headers(fixture.ada))
            {
                try expectError($0, .methodNotAllowed, code: "methodNotAllowed")
            }
        }
    }

    @Test func aWebSocketWithoutAMembersTokenIsNotOpened() async throws {
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        try await Self.application(fixture, live: live).test(.live) { client in
            let port = try #require(client.port)
            for token in [fixture.bob.description, "pm_not-a-token"] {
                var configuration = WebSocketClientConfiguration()
                configuration.additionalHeaders[.authorization] = "Bearer \(token)"
                await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                    try await WebSocketClient.connect(
                        url: "ws://127.0.0.1:\(port)/v1/boards/team/live", configuration: configuration,
                        logger: Logger(label: "test")
                    ) { _, _, _ in Issue.record("a stranger's socket was opened") }
                }
            }
            #expect(live.subscriberCount(board: "team") == 0)
        }
    }

    @Test func aSlowReaderSkipsToTheNewestHead() async throws {
        let live = LiveHeads()
        let heads = live.heads(of: "team")
        for head: Int64 in 1...5 { live.publish(board: "team", head: head) }
        live.publish(board: "other", head: 99)
        var iterator = heads.makeAsyncIterator()
        #expect(await iterator.next() == 5)
    }
}
