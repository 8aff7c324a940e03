import Crypto

/// The server's VAPID key pair, made at the first start and kept in the store
/// (``PushSubscriptionRepository/pushKey(orAdd:)``), read once and then remembered.
public actor WebPushKeys {
    private let load: @Sendable () async throws -> [UInt8]
    private var privateKeyBytes: [UInt8]?

    /// The key of `repository`; `newKey` makes the 32 bytes of a key when there is none yet (a
    /// fresh P-256 signing key when not given).
    public init(repository: some PushSubscriptionRepository, newKey: (@Sendable () -> [UInt8])? = nil) {
        let make = newKey ?? { [UInt8](P256.Signing.PrivateKey().rawRepresentation) }
        load = { try await repository.pushKey(orAdd: make()) }
    }

    /// The private key's 32 bytes (a P-256 scalar).
    public func privateKey() async throws -> [UInt8] {
        if let privateKeyBytes { return privateKeyBytes }
        let key = try await load()
        privateKeyBytes = key
        return key
    }

    /// The public key, an uncompressed point (65 bytes), as browsers take it (`applicationServerKey`).
    public func publicKey() async throws -> [UInt8] {
        [UInt8](try P256.Signing.PrivateKey(rawRepresentation: try await privateKey()).publicKey.x963Representation)
    }
}
