import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request to a server on loopback, sent from a chosen loopback address
/// (`127.0.0.2`, `127.0.0.3`, …: Linux answers the whole 127/8 on `lo`), so a test can play
/// clients at different addresses against a real server — what its sign-in limit keys on.
public struct LoopbackRequest: Sendable {
    /// The method, `GET`, `POST`, `PROPFIND`, ….
    public var method: String
    /// The path and query.
    public var path: String
    /// Header fields beyond `Content-Length` and `Connection: close`; `Host` is `127.0.0.1:PORT`
    /// unless one is given here.
    public var headers: [(String, String)]
    /// The body.
    public var body: String

    /// A request from its parts.
    public init(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// A server's answer.
    public struct Answer: Sendable {
        /// The status code.
        public let status: Int
        /// The head's fields, names in lower case.
        public let headers: [String: String]
        /// The body as sent (not de-chunked).
        public let body: String
    }

    /// Why no answer came.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sends the request to `port` on 127.0.0.1 from `source` and reads the whole answer (the
    /// server closes the connection after it, as asked). Blocking: run it off the cooperative pool.
    public func send(port: Int, from source: String = "127.0.0.1", timeout: Int = 30) throws -> Answer {
        try start(port: port, from: source, timeout: timeout).answer()
    }

    /// Sends the request and returns without reading: many started one after another reach the
    /// server together, whatever the number of threads the test has.
    public func start(port: Int, from source: String = "127.0.0.1", timeout: Int = 30) throws -> Sent {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket") }
        let sent = Sent(socket: socket)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Failure(description: "cannot bind \(source): errno \(errno)") }
        guard withLoopbackAddress(port: port, { connect(socket, $0, $1) }) == 0 else {
            throw Failure(description: "cannot connect to port \(port) from \(source): errno \(errno)")
        }
        var head = "\(method) \(path) HTTP/1.1\r\nConnection: close\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array(body.utf8)
        head += "Content-Length: \(bytes.count)\r\n\r\n"
        let request = Array(head.utf8) + bytes
        var done = 0
        while done < request.count {
            let count = request[done...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            done += count
        }
        return sent
    }

    /// A request sent, its answer still to read; the connection closes with it.
    public final class Sent: @unchecked Sendable {
        private let socket: Int32

        init(socket: Int32) { self.socket = socket }

        deinit { Glibc.close(socket) }

        /// Reads the whole answer, until the server closes the connection.
        public func answer() throws -> Answer {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(socket, &chunk, chunk.count, 0)
                if count == 0 { break }
                guard count > 0 else { throw Failure(description: "no whole answer: errno \(errno)") }
                received += chunk.prefix(count)
            }
            return try LoopbackRequest.answer(String(decoding: received, as: UTF8.self))
        }

        /// Reads the answer's head only, for an answer that does not end (a WebSocket's `101`).
        public func head() throws -> Answer {
            var received: [UInt8] = []
            var byte: UInt8 = 0
            while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
                guard recv(socket, &byte, 1, 0) == 1 else { throw Failure(description: "no whole head") }
                received.append(byte)
            }
            return try LoopbackRequest.answer(String(decoding: received, as: UTF8.self))
        }
    }

    static func answer(_ text: String) throws -> Answer {
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure(description: "no head in \(text)") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: String(text[end.upperBound...]))
    }
}
