import Foundation
import PMDomain
public import PMSyncProtocol

/// The key in a calendar feed's URL: `pmf_` and 40 hex digits. It lets whoever holds the URL
/// read one board's deadlines and nothing else, since calendar apps subscribe by URL and cannot
/// send a bearer token. The server keeps only its prefix and its hash, as for ``AccessToken``.
public struct FeedKey: Hashable, Sendable, ShownOnceSecret {
    /// How many leading characters are kept in clear (`pmf_` and 8 hex digits).
    public static let prefixLength = 12

    /// The key, to be shown once.
    public let description: String

    /// A key made of 20 random bytes from `randomBytes` (injected, so tests are repeatable).
    public init(randomBytes: [UInt8]) {
        description = "pmf_" + randomBytes.lowercaseHex
    }

    /// A key as given in a feed's URL.
    public init(_ text: String) {
        description = text
    }

    /// The key as stored for `user`'s feed of `board`.
    public func stored(for user: UserName, board: BoardName) -> StoredFeedKey {
        StoredFeedKey(user: user, board: board, prefix: prefix, hash: hash)
    }

    /// Whether `stored` is this key, comparing the hashes in constant time.
    public func matches(_ stored: StoredFeedKey) -> Bool {
        hashMatches(stored.hash)
    }

    /// The path of `board`'s feed read with this key: `/feeds/BOARD.ics?key=KEY`, the board's
    /// name percent-encoded as one path segment.
    public func path(board: BoardName) -> String {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/?#%")
        let name = board.text.addingPercentEncoding(withAllowedCharacters: segment) ?? board.text
        return "/feeds/\(name).ics?key=\(description)"
    }
}
