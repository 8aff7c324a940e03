public import PMSyncProtocol
import Synchronization

/// How many live WebSockets one user, and one client address, may hold open at once in this
/// process. Each is a task, a subscription and an open file for as long as it lasts, so without
/// a cap one token (or one machine with several) could open them until the server runs out.
public final class LiveConnectionLimits: Sendable {
    /// A user's phones, laptops and browser tabs, each following a board or two.
    public static let defaultPerUser = 32
    /// Several users behind one NAT or proxy.
    public static let defaultPerAddress = 128

    /// The most live connections one user may hold.
    public let perUser: Int
    /// The most live connections one client address may hold.
    public let perAddress: Int

    private struct Counts {
        var byUser: [UserName: Int] = [:]
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())

    /// Limits of `perUser` connections per user and `perAddress` per client address.
    public init(perUser: Int = defaultPerUser, perAddress: Int = defaultPerAddress) {
        self.perUser = perUser
        self.perAddress = perAddress
    }

    /// Counts a new live connection of `user` from `address`, or answers why it may not open
    /// (and counts nothing). Each connection counted is given back by ``close(user:address:)``.
    func open(user: UserName?, address: String?) -> LiveConnectionRefusal? {
        counts.withLock { counts in
            if let user, counts.byUser[user, default: 0] >= perUser { return .perUser(perUser) }
            if let address, counts.byAddress[address, default: 0] >= perAddress { return .perAddress(perAddress) }
            if let user { counts.byUser[user, default: 0] += 1 }
            if let address { counts.byAddress[address, default: 0] += 1 }
            return nil
        }
    }

    /// Gives back a connection counted by ``open(user:address:)``.
    func close(user: UserName?, address: String?) {
        counts.withLock { counts in
            if let user {
                counts.byUser[user, default: 1] -= 1
                if counts.byUser[user] == 0 { counts.byUser[user] = nil }
            }
            if let address {
                counts.byAddress[address, default: 1] -= 1
                if counts.byAddress[address] == 0 { counts.byAddress[address] = nil }
            }
        }
    }

    /// How many live connections `user` holds.
    public func count(user: UserName) -> Int {
        counts.withLock { $0.byUser[user] ?? 0 }
    }
}

/// Why a live connection was closed as soon as it opened: the reason sent in its close frame
/// (at most 123 bytes), with the code 1008, policy violation.
struct LiveConnectionRefusal: Error, Hashable, CustomStringConvertible {
    let description: String

    static func perUser(_ limit: Int) -> Self {
        Self(description: "tooManyLiveConnections: a user may hold at most \(limit) live connections")
    }

    static func perAddress(_ limit: Int) -> Self {
        Self(description: "tooManyLiveConnections: one address may hold at most \(limit) live connections")
    }
}
