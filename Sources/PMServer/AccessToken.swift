public import Foundation
import PMDomain
public import PMSyncProtocol

/// A bearer token: `pm_` and 40 hex digits. The server keeps only its prefix and its hash.
public struct AccessToken: Hashable, Sendable, ShownOnceSecret {
    /// How many leading characters are kept in clear.
    public static let prefixLength = 12

    /// The token, to be shown once.
    public let description: String

    /// A token made of 20 random bytes from `randomBytes` (injected, so tests are repeatable).
    public init(randomBytes: [UInt8]) {
        description = "pm_" + randomBytes.lowercaseHex
    }

    /// A token as given in a request.
    public init(_ text: String) {
        description = text
    }

    /// The token as stored for `user`, made at `created` when given.
    public func stored(for user: UserName, created: Date? = nil) -> StoredToken {
        StoredToken(user: user, prefix: prefix, hash: hash, created: created)
    }

    /// Whether `stored` is this token, comparing the hashes in constant time.
    public func matches(_ stored: StoredToken) -> Bool {
        hashMatches(stored.hash)
    }
}
