import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PMServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: limit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withCString { send(socket, $0, strlen($0), 0) }
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 256)
        // The server has nothing to answer a half-sent request with: the next read ends when it
        // closes the connection (0 bytes), or times out (-1) if it never does.
        let read = recv(socket, &buffer, buffer.count, 0)
        let seconds = read == 0 ? Date().timeIntervalSince(start) : nil
        return (seconds, read > 0 ? String(decoding: buffer.prefix(read), as: UTF8.self) : "")
    }

    @Test func givenAClientThatNeverFinishesItsHeadersThenTheServerClosesTheConnectionAfterTheIdleTimeout() async throws
    {
        let fixture = try await ServerFixture.make()
        let application = buildApplication(
            repository: fixture.repository, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "test"), idleTimeout: .seconds(1))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            // A request head that never ends, and a connection that sends nothing at all
            let trickled = try Self.secondsUntilClosed(
                port: port, sending: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1", limit: 10)
            let silent = try Self.secondsUntilClosed(port: port, sending: "", limit: 10)
            for closedAfter in [trickled, silent] {
                let seconds = try #require(closedAfter, "the server kept the connection open")
                #expect(seconds < 5)
            }
            // While a whole request, even one sent after a pause, is still answered
            let answer = try Self.exchange(
                port: port, sending: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", limit: 10
            ).answer
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
            _ = client
        }
    }
}
