public import Crypto
import Foundation
public import PMServer

/// A message encrypted for one browser, `Content-Encoding: aes128gcm` (RFC 8291 over RFC 8188):
/// an ephemeral P-256 key agreed with the browser's `p256dh` key, HKDF-SHA256 keyed by its
/// `auth` secret, and AES-128-GCM, all from swift-crypto. The message is one record.
public struct WebPushMessage: Sendable {
    /// The request body: the RFC 8188 header (salt, record size, the ephemeral public key) and
    /// the one encrypted record.
    public let body: [UInt8]

    /// The record size announced: the push services' limit, which one record of a notice fits.
    static let recordSize: UInt32 = 4096
    /// The most plaintext one record holds: the record less its padding delimiter and GCM tag.
    public static let plaintextLimit = Int(recordSize) - 1 - 16

    /// Why a message cannot be made.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// `plaintext` encrypted for `subscription`; `ephemeralKey` and `salt` (16 random bytes) are
    /// new for every message (random when not given), passed in so that the RFC's example can be reproduced.
    public init(
        _ plaintext: [UInt8], for subscription: PushSubscription,
        ephemeralKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: [UInt8]? = nil
    ) throws {
        let salt = salt ?? SymmetricKey(size: .bits128).withUnsafeBytes { [UInt8]($0) }
        guard plaintext.count <= Self.plaintextLimit else {
            throw Refusal(description: "a push message holds at most \(Self.plaintextLimit) bytes")
        }
        let browserKey = try P256.KeyAgreement.PublicKey(x963Representation: subscription.p256dh)
        let serverPublic = [UInt8](ephemeralKey.publicKey.x963Representation)
        let shared = try ephemeralKey.sharedSecretFromKeyAgreement(with: browserKey)
        // RFC 8291 §3.4: the input keying material, bound to both public keys and the auth secret.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscription.p256dh + serverPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.auth, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2–2.3: the content key and nonce, from the message's own salt.
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12
        ).withUnsafeBytes { [UInt8]($0) }
        // The last (and only) record ends with the delimiter 2, unpadded.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce))
        let size = Self.recordSize
        let header =
            salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(serverPublic.count)] + serverPublic
        body = header + sealed.ciphertext + sealed.tag
    }
}
