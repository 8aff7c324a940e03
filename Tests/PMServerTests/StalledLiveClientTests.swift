import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A live client that stops reading its socket cannot make the server hold more for it than the
/// newest head: heads it has not taken are replaced, never queued.
@Suite(.timeLimit(.minutes(2))) struct StalledLiveClientTests {
    @Test func givenAClientThatStopsReadingWhenManyHeadsLandThenItGetsTheNewestWithoutEveryOneBetween()
        async throws
    {
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        let heads: Int64 = 200_000
        try await LiveRouteTests.application(fixture, live: live).test(.live) { client in
            // Given a live client with a small receive buffer that has read the first head
            let port = try #require(client.port)
            let socket = try await onOwnThread {
                let socket = try RawWebSocket(port: port, receiveBuffer: 4096)
                try socket.upgrade(path: "/v1/boards/team/live", token: fixture.ada.description)
                return socket
            }
            defer { socket.close() }
            #expect(try await onOwnThread { try socket.nextHead() } == 0)

            // When it stops reading while many heads land
            for head in 1...heads {
                live.publish(board: "team", head: head)
                if head % 1000 == 0 { await Task.yield() }
            }

            // Then, reading again, it receives the newest, and far fewer frames than heads
            let (frames, last) = try await onOwnThread {
                var frames = 0
                var last: Int64 = 0
                while last < heads {
                    last = try socket.nextHead()
                    frames += 1
                }
                return (frames, last)
            }
            #expect(last == heads)
            #expect(frames < Int(heads) / 2, "\(frames) frames for \(heads) heads: the server queued them")
        }
    }

    /// Runs `body` on a thread of its own: its blocking socket calls must not hold one of the
    /// few threads that run every suite's tasks (and this server's), on a two-core machine.
    private func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// A WebSocket client on a bare socket, so that the test decides when it reads.
private struct RawWebSocket: Sendable {
    let descriptor: Int32
    private let buffer = Buffer()

    private final class Buffer: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    init(port: Int, receiveBuffer: Int32) throws {
        descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketFailure("no socket") }
        // Set before connecting, so the window the server sees is small from the start.
        var size = receiveBuffer
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SocketFailure("cannot connect to port \(port)") }
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Sends the upgrade request and reads the answer's head, which must be 101.
    func upgrade(path: String, token: String) throws {
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Authorization: Bearer \(token)\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        let end = Array("\r\n\r\n".utf8)
        while buffer.bytes.firstRange(of: end) == nil { try fill() }
        guard let range = buffer.bytes.firstRange(of: end) else { throw SocketFailure("no answer") }
        let head = String(decoding: buffer.bytes[..<range.lowerBound], as: UTF8.self)
        buffer.bytes.removeSubrange(..<range.upperBound)
        guard head.hasPrefix("HTTP/1.1 101") else { throw SocketFailure("the upgrade was refused: \(head)") }
    }

    /// The head in the next text frame (the server's frames are unmasked; heads are short).
    func nextHead() throws -> Int64 {
        while true {
            while buffer.bytes.count < 2 { try fill() }
            let opcode = buffer.bytes[0] & 0x0F
            let length = Int(buffer.bytes[1] & 0x7F)
            guard length < 126 else { throw SocketFailure("a frame longer than a head") }
            while buffer.bytes.count < 2 + length { try fill() }
            let payload = Array(buffer.bytes[2..<(2 + length)])
            buffer.bytes.removeFirst(2 + length)
            guard opcode == 0x1 else { continue }  // pings and the like
            let text = String(decoding: payload, as: UTF8.self)
            let digits = text.filter(\.isNumber)
            guard let head = Int64(digits) else { throw SocketFailure("not a head: \(text)") }
            return head
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let read = recv(descriptor, &chunk, chunk.count, 0)
        guard read > 0 else { throw SocketFailure("the connection closed or timed out") }
        buffer.bytes += chunk.prefix(read)
    }
}

private struct SocketFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
