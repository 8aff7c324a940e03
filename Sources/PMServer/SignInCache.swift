import Crypto
import Foundation
import Synchronization

/// The password checks that succeeded lately, so a calendar app that sends its user name and
/// password with every request pays bcrypt's cost once rather than on each one.
///
/// A check is kept by the SHA-256 of the user, the secret and the stored hash together: never
/// the secret itself, and a changed password (a new hash) no longer matches. At most `capacity`
/// checks are kept; the oldest goes first.
final class SignInCache: Sendable {
    private struct Entries {
        var keys: Set<[UInt8]> = []
        var order: [[UInt8]] = []
    }

    private let entries = Mutex(Entries())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The key of a successful check of `secret` for `user` against `hash`. Each part is preceded
    /// by its length, so no two different triples give the same bytes.
    static func key(user: String, secret: String, hash: String) -> [UInt8] {
        var hasher = SHA256()
        for part in [user, secret, hash] {
            let bytes = Array(part.utf8)
            withUnsafeBytes(of: UInt64(bytes.count).bigEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(data: bytes)
        }
        return Array(hasher.finalize())
    }

    func contains(_ key: [UInt8]) -> Bool {
        entries.withLock { $0.keys.contains(key) }
    }

    func insert(_ key: [UInt8]) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            guard entries.keys.insert(key).inserted else { return }
            entries.order.append(key)
            if entries.order.count > capacity {
                entries.keys.remove(entries.order.removeFirst())
            }
        }
    }

    /// How many checks are kept.
    var count: Int { entries.withLock { $0.order.count } }
}
