import Crypto
import Foundation

/// A secret the server shows once and keeps only as its clear prefix and its SHA-256: access
/// tokens and calendar feed keys. One rule for both, so a copy of the database signs nobody in
/// and reads no feed, and a stored secret is recognised in constant time.
public protocol ShownOnceSecret: CustomStringConvertible {
    /// How many leading characters are kept in clear, to find the secret by.
    static var prefixLength: Int { get }
}

extension ShownOnceSecret {
    /// The clear prefix it is found by.
    public var prefix: String { String(description.prefix(Self.prefixLength)) }

    /// SHA-256 of the secret.
    public var hash: [UInt8] { Array(SHA256.hash(data: Data(description.utf8))) }

    /// Whether `stored` is the hash of this secret, compared in constant time.
    func hashMatches(_ stored: [UInt8]) -> Bool {
        let hash = self.hash
        guard hash.count == stored.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(hash, stored) {
            difference |= left ^ right
        }
        return difference == 0
    }
}
