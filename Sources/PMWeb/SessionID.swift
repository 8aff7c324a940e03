import Crypto
import Foundation
import PMDomain

/// A browser session's id: 32 random bytes in hex, the value of the `pm_session` cookie. The
/// server keeps only its SHA-256, so a copy of the database signs nobody in.
struct SessionID: Hashable, Sendable {
    /// The id as the cookie carries it.
    let text: String

    /// An id made of 32 bytes from `randomBytes` (injected, so tests are repeatable).
    init(randomBytes: [UInt8]) {
        text = randomBytes.lowercaseHex
    }

    /// An id as a cookie brings it back, if it has the shape of one.
    init?(cookie: String) {
        guard cookie.utf8.count == 64,
            cookie.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        text = cookie
    }

    /// SHA-256 of the id, as stored.
    var hash: [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }
}
