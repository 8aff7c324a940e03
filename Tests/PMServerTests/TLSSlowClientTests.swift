import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOSSL
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// Over TLS too, a client that opens a connection and never finishes its handshake — or says
/// nothing at all — cannot hold it open: the request-head deadline sits behind the TLS handler
/// and counts from the moment the connection is accepted.
@Suite struct TLSSlowClientTests {
    /// `pm-server tls init`'s files for 127.0.0.1 in `folder`, and the certificate they serve.
    static func certificate(in folder: TemporaryFolder) async throws -> ServerCertificate {
        // Waited for on a thread of its own: a blocked shared thread stalls every suite.
        let path = folder.path
        let made = try await onOwnThread {
            try ServerProcess.run(["tls", "init", "--host", "127.0.0.1", "--folder", path])
        }
        try #require(made.status == 0, "\(made.output)")
        return try ServerCertificate(
            certificatePath: folder.path + "/server.pem", keyPath: folder.path + "/server-key.pem")
    }

    @Test func givenTLSAClientThatNeverFinishesItsHandshakeThenTheServerClosesTheConnectionAfterTheRequestTimeout()
        async throws
    {
        // Given a server on TLS with `pm-server tls init`'s certificate and a one-second deadline
        let folder = try TemporaryFolder(prefix: "tls-slow-client")
        let certificate = try await Self.certificate(in: folder)
        let fixture = try await ServerFixture.make()
        let application = buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), idleTimeout: .seconds(1), requestTimeout: .seconds(1),
            clockSkew: .acceptingEveryWallTime, certificate: certificate)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            // When one client sends the first bytes of a ClientHello and stops, and another sends nothing
            let trickled = try await onOwnThread {
                try SlowClientTests.secondsUntilClosed(port: port, sending: "\u{16}\u{03}\u{01}\u{00}", limit: 10)
            }
            let silent = try await onOwnThread {
                try SlowClientTests.secondsUntilClosed(port: port, sending: "", limit: 10)
            }
            // Then the server closes both within a few seconds
            for closedAfter in [trickled, silent] {
                let seconds = try #require(closedAfter, "the server kept the connection open")
                #expect(seconds < 5)
            }
            _ = client
        }
    }

    @Test func givenTLSALiveWebSocketThenItOutlivesTheRequestHeadDeadline() async throws {
        // Given a server on TLS with a three-second request-head deadline, and pings far apart
        let folder = try TemporaryFolder(prefix: "tls-live")
        let certificate = try await Self.certificate(in: folder)
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        let application = buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), live: live, idleTimeout: .seconds(3), requestTimeout: .seconds(3),
            livePingPeriod: .seconds(60),
            clockSkew: .acceptingEveryWallTime, certificate: certificate)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.file(folder.path + "/ca.pem")]
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.authorization] = "Bearer \(fixture.ada)"
            // NIOSSL refuses an address as SNI; with a trailing dot the IP entry is still checked.
            configuration.sniHostname = "127.0.0.1."
            // When a client opens the live WebSocket over wss and keeps it
            let connection = Task { [configuration, tls] in
                try await WebSocketClient.connect(
                    url: "wss://127.0.0.1:\(port)/v1/boards/team/live", configuration: configuration,
                    tlsConfiguration: tls, logger: Logger(label: "test")
                ) { inbound, _, _ in
                    for try await _ in inbound.messages(maxSize: 1 << 16) {}
                }
            }
            // (Within the deadline, which a loaded machine's handshake may take most of: a
            // one-second deadline failed here while every other suite ran beside it.)
            for _ in 0..<1000 where live.subscriberCount(board: "team") != 1 {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(live.subscriberCount(board: "team") == 1)

            // Then it is still open well past the deadline: the deadline handler saw the decrypted
            // upgrade request end and stood down (behind TLS it would see only ciphertext)
            try await Task.sleep(for: .seconds(6))
            #expect(live.subscriberCount(board: "team") == 1)
            connection.cancel()
            _ = client
        }
    }
}
