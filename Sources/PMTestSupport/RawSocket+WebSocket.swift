import Foundation

/// The little of a WebSocket client the live tests need, on a ``RawSocket``: the upgrade, and
/// the heads in the server's text frames. It never answers a ping: only what the test reads is
/// read.
extension RawSocket {
    /// Sends the upgrade request for `path` with `token`, and reads the answer's head, which
    /// must be 101.
    public func upgrade(path: String, token: String) throws {
        send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Authorization: Bearer \(token)\r\n\r\n")
        let end = Array("\r\n\r\n".utf8)
        while buffer.firstRange(of: end) == nil { try fill() }
        guard let range = buffer.firstRange(of: end) else { throw Failure("no answer") }
        let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
        buffer.removeSubrange(..<range.upperBound)
        guard head.hasPrefix("HTTP/1.1 101") else { throw Failure("the upgrade was refused: \(head)") }
    }

    /// The head in the next text frame, skipping pings and the like (the server's frames are
    /// unmasked; heads are short).
    public func nextHead() throws -> Int64 {
        while true {
            while buffer.count < 2 { try fill() }
            let opcode = buffer[0] & 0x0F
            let length = Int(buffer[1] & 0x7F)
            guard length < 126 else { throw Failure("a frame longer than a head") }
            while buffer.count < 2 + length { try fill() }
            let payload = Array(buffer[2..<(2 + length)])
            buffer.removeFirst(2 + length)
            guard opcode == 0x1 else { continue }
            let text = String(decoding: payload, as: UTF8.self)
            guard let head = Int64(text.filter(\.isNumber)) else { throw Failure("not a head: \(text)") }
            return head
        }
    }

    /// The opcode of the next frame, left unread (`0x1` text, `0x8` close, `0x9` ping).
    public func nextOpcode() throws -> UInt8 {
        while buffer.isEmpty { try fill() }
        return buffer[0] & 0x0F
    }

    /// The code and reason of the server's close frame, skipping the frames before it.
    public func nextClose() throws -> (code: UInt16, reason: String) {
        while true {
            while buffer.count < 2 { try fill() }
            let opcode = buffer[0] & 0x0F
            let length = Int(buffer[1] & 0x7F)
            guard length < 126 else { throw Failure("a frame longer than a head or a close") }
            while buffer.count < 2 + length { try fill() }
            let payload = Array(buffer[2..<(2 + length)])
            buffer.removeFirst(2 + length)
            guard opcode == 0x8 else { continue }
            guard payload.count >= 2 else { return (1005, "") }
            return (UInt16(payload[0]) << 8 | UInt16(payload[1]), String(decoding: payload[2...], as: UTF8.self))
        }
    }

    /// Reads and drops everything until the server ends the connection: `.closed` or
    /// `.failed(errno:)` (a reset), with how many bytes came first; `.timedOut` if it never does
    /// within `limit` bytes or a read's timeout.
    public func drainUntilEnd(limit: Int = 64 << 20) -> (end: Received, bytes: Int) {
        var count = buffer.count
        buffer.removeAll()
        while count <= limit {
            switch receive() {
            case .bytes(let bytes): count += bytes.count
            case let end: return (end, count)
            }
        }
        return (.timedOut, count)
    }
}
