import Foundation

#if canImport(Glibc)
public import Glibc
#endif

/// A TCP client on a bare loopback socket, so that a test decides what it sends and when it
/// reads: a request head that never ends, a WebSocket that stops reading and answering pings.
public final class RawSocket: @unchecked Sendable {
    /// What one read got.
    public enum Received: Equatable, Sendable {
        /// Some bytes.
        case bytes([UInt8])
        /// The end of the stream: the server closed the connection.
        case closed
        /// Nothing within the read timeout (`EAGAIN`).
        case timedOut
        /// Another failure, such as `ECONNRESET` when the server reset the connection.
        case failed(errno: Int32)
    }

    /// Why the socket could not do what was asked.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    private let descriptor: Int32
    /// Bytes read and not yet taken (frames are cut from it). Touched by one thread at a time.
    var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1. A `receiveBuffer` is set before connecting, so the window
    /// the server sees is small from the start; a read gives up after `readTimeout` seconds.
    public init(port: Int, receiveBuffer: Int32? = nil, readTimeout: Int = 30) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("no socket") }
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withLoopbackAddress(port: port) { connect(socket, $0, $1) }
        guard connected == 0 else {
            // The only close of this number: `descriptor` is set last, because an initializer
            // that throws once every property is set runs `deinit`, which would close the number
            // again, and by then it may be another thread's file or freshly accepted connection.
            Glibc.close(socket)
            throw Failure("cannot connect to port \(port)")
        }
        descriptor = socket
    }

    deinit { Glibc.close(descriptor) }

    /// Sends `text` as it is.
    public func send(_ text: String) {
        _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `bytes` as they are (a request line with a byte no string holds).
    public func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it ends the connection, and how it ended: `.closed`,
    /// `.failed(errno:)` (a reset) or `.timedOut` if a read's timeout passed first.
    public func receiveUntilEnd() -> (bytes: [UInt8], end: Received) {
        var bytes = buffer
        buffer.removeAll()
        while true {
            switch receive() {
            case .bytes(let more): bytes += more
            case let end: return (bytes, end)
            }
        }
    }

    /// Reads once, up to `limit` bytes.
    public func receive(limit: Int = 65536) -> Received {
        var chunk = [UInt8](repeating: 0, count: limit)
        let read = recv(descriptor, &chunk, chunk.count, 0)
        if read > 0 { return .bytes(Array(chunk.prefix(read))) }
        if read == 0 { return .closed }
        let error = errno
        return error == EAGAIN || error == EWOULDBLOCK ? .timedOut : .failed(errno: error)
    }

    /// Reads once into ``buffer``; throws when nothing more comes.
    func fill() throws {
        guard case .bytes(let bytes) = receive() else { throw Failure("the connection closed or timed out") }
        buffer += bytes
    }
}

/// Calls `body` with the address of `port` on 127.0.0.1, as `connect` and `bind` take it.
public func withLoopbackAddress<Result>(
    port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
) -> Result {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}
