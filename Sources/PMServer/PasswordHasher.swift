import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Hashes passwords with bcrypt and checks them, on NIO's thread pool: bcrypt is slow by design
/// (a quarter of a second at cost 12), and on an event loop or the cooperative pool it would
/// stall every other request meanwhile.
///
/// bcrypt reads only the first 72 bytes of its input, so the password is first reduced to the
/// base64 of its SHA-256 (44 bytes): every character of a long passphrase counts.
public struct PasswordHasher: Sendable {
    /// The cost passwords are hashed at: 2^12 rounds.
    public static let defaultCost: UInt8 = 12

    /// log2 of bcrypt's rounds; tests use the minimum, 4.
    public let cost: UInt8

    /// A hasher at `cost` (4 to 31).
    public init(cost: UInt8 = PasswordHasher.defaultCost) {
        precondition((4...31).contains(cost), "bcrypt's cost is 4 to 31")
        self.cost = cost
    }

    /// The bcrypt hash of `password`, with a fresh salt: the text the repository stores.
    public func hash(_ password: Password) async throws -> String {
        let input = Self.bcryptInput(password.text)
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(input, cost: cost) }
    }

    /// Whether `secret` is the password `hash` was made from.
    public static func verify(_ secret: String, hash: String) async throws -> Bool {
        let input = bcryptInput(secret)
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(input, hash: hash) }
    }

    static func bcryptInput(_ text: String) -> String {
        Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }
}
