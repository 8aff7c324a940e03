import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PMServer
import PMTestSupport
import Testing

/// Clients that open a connection and never finish a request cannot hold it open.
@Suite struct SlowClientTests {
    /// Connects to `port`, sends `bytes`, and returns how long the server took to close the
    /// connection (`nil` if it was still open after `limit` seconds, or answered).
    static func secondsUntilClosed(port: Int, sending bytes: String, limit: Int) throws -> Double? {
        let (seconds, answer) = try exchange(port: port, sending: bytes, limit: limit)
        return answer.isEmpty ? seconds : nil
    }

    /// Connects to `port`, sends `bytes`, and reads once: how long that took, and what was read
    /// (nothing when the server closed the connection or the read timed out after `limit` seconds).
    static func exchange(port: Int, sending bytes: String, limit: Int) throws -> (seconds: Double?, answer: String) {
        let socket = try RawSocket(port: port, readTimeout: limit)
        socket.send(bytes)
        let start = Date()
        // The server has nothing to answer a half-sent request with: the next read ends when it
        // closes the connection, or times out if it never does.
        let read = socket.receive(limit: 256)
        let seconds = read == .closed ? Date().timeIntervalSince(start) : nil
        guard case .bytes(let answer) = read else { return (seconds, "") }
        return (seconds, String(decoding: answer, as: UTF8.self))
    }

    @Test func givenAClientThatNeverFinishesItsHeadersThenTheServerClosesTheConnectionAfterTheIdleTimeout() async throws
    {
        let fixture = try await ServerFixture.make()
        let application = buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), idleTimeout: .seconds(1), requestTimeout: .seconds(1),
            clockSkew: .acceptingEveryWallTime)
        try await application.test(.live) { client in
            let port = try #require(client.port)
            // A request head that never ends, and a connection that sends nothing at all
            // (each waited for on a thread of its own: a blocked shared thread stalls every suite)
            let trickled = try await onOwnThread {
                try Self.secondsUntilClosed(
                    port: port, sending: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1", limit: 10)
            }
            let silent = try await onOwnThread { try Self.secondsUntilClosed(port: port, sending: "", limit: 10) }
            for closedAfter in [trickled, silent] {
                let seconds = try #require(closedAfter, "the server kept the connection open")
                #expect(seconds < 5)
            }
            // While a whole request, even one sent after a pause, is still answered
            let answer = try await onOwnThread {
                try Self.exchange(port: port, sending: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", limit: 10)
                    .answer
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            _ = client
        }
    }
}
