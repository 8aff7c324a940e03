import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A live client that stops reading and stops answering pings cannot keep its connection, though
/// the pings and the ping timeout's close frame wait on its socket behind the heads: the server
/// closes the connection within a few ping periods. The idle timeout is set out of
/// reach, so that only the ping timeout can be what closes it.
@Suite(.timeLimit(.minutes(2))) struct UnresponsiveLiveClientTests {
    static let pingPeriod = Duration.seconds(2)

    @Test func givenAClientThatNeitherReadsNorAnswersPingsWhileHeadsLandThenTheServerClosesItsConnection()
        async throws
    {
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        let application = buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), live: live, idleTimeout: .seconds(3600), livePingPeriod: Self.pingPeriod,
            clockSkew: .acceptingEveryWallTime)
        try await application.test(.live) { client in
            // Given a live client with a small receive buffer that has read the first head, and
            // from then on neither reads nor answers a ping
            let port = try #require(client.port)
            let socket = try await onOwnThread {
                let socket = try RawSocket(port: port, receiveBuffer: 4096, readTimeout: 20)
                try socket.upgrade(path: "/v1/boards/team/live", token: fixture.ada.description)
                return socket
            }
            #expect(try await onOwnThread { try socket.nextHead() } == 0)
            #expect(live.subscriberCount(board: "team") == 1)

            // When heads keep landing, more than its socket holds
            let start = Date()
            var head: Int64 = 0
            while live.subscriberCount(board: "team") > 0 && Date().timeIntervalSince(start) < 30 {
                head += 1
                live.publish(board: "team", head: head)
                // A pause now and then, so that this loop does not hold one of the few threads
                // every suite runs on for as long as the connection lasts.
                if head % 1000 == 0 { try await Task.sleep(for: .milliseconds(1)) }
            }
            let seconds = Date().timeIntervalSince(start)

            // Then the server ends the connection within a few ping periods, though the client
            // still holds its socket open
            #expect(live.subscriberCount(board: "team") == 0, "still live after \(seconds) s and \(head) heads")
            #expect(seconds < 20, "closed after \(seconds) s")
            // And reading again, the client finds the connection ended: a reset, or the end of
            // what was sent before it, never a read that waits for more
            let (end, bytes) = await (try? onOwnThread { socket.drainUntilEnd() }) ?? (.timedOut, 0)
            #expect(end == .closed || end == .failed(errno: ECONNRESET), "\(end) after \(bytes) bytes")
        }
    }
}
