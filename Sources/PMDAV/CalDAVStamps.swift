import Foundation
import PMDomain

/// The hybrid logical clocks the server stamps CalDAV writes with, one per user: a calendar app
/// has no clock of ours, so the server makes the operations on its user's behalf.
///
/// Each user writes through CalDAV as one stable device, ``device(of:)``, derived from the user
/// name: the same id after a restart and on every server process, so history names it alike and
/// two servers' stamps for one user never tie with another user's.
actor CalDAVStamps {
    private var clocks: [String: HybridClock] = [:]
    /// How far ahead of the server's wall time a card's clock is followed: the server's own skew,
    /// so a stamp never lands past what the server accepts (a card stamped further ahead, held
    /// from before pushes were bounded, would otherwise refuse every write of its user).
    let skew: Int64

    init(skew: Int64 = HybridClock.defaultSkew) {
        self.skew = skew
    }

    /// A reading for a write by `user` at `now` (milliseconds since 1970), later than every
    /// reading in `seen` — the clocks of the card as the client read it — so the write wins over
    /// what it replaces even when this server's wall clock is behind the device that wrote it.
    func stamp(user: String, after seen: [HybridTimestamp], now: Int64) -> HybridTimestamp {
        var clock = clocks[user] ?? HybridClock(device: Self.device(of: user), skew: skew)
        for reading in seen { clock.receive(reading, now: now) }
        let stamp = clock.tick(now: now)
        clocks[user] = clock
        return stamp
    }

    /// The device id of `user`'s CalDAV writes: a name-based UUID (version 5 layout) of the
    /// SHA-256 of `pm-server CalDAV` and the name.
    static func device(of user: String) -> UUID {
        UUID(named: user, in: "pm-server CalDAV")
    }
}
