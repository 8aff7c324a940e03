import PMDomain
import PMStore
import PMSync

extension BoardState {
    /// The footer while `s` waits for its round.
    static let syncingMessage = "Syncing…"
    /// The footer while live updates cannot get through and the board polls instead.
    static let liveBlockedMessage =
        "live updates blocked — checking every \(SyncMachine.blockedPoll.components.seconds) s"

    /// Takes in the engine's newest status: the header's slot, and a footer message when an
    /// error first shows (a retry failing the same way says nothing new).
    mutating func applySync(_ status: SyncStatus) {
        sync = status
        syncStatus = Self.header(for: status)
        switch status.phase {
        case .stopped(let reason):
            announce(reason, Self.stoppedMessage(reason, tokenRefused: status.tokenRefused))
        case .offline:
            let reason = status.lastError ?? "the server cannot be reached"
            announce(reason, "Offline: \(reason) — changes wait here and go once the server is back")
        case .live where status.liveBlocked:
            announce(Self.liveBlockedMessage, Self.liveBlockedMessage)
        case .live:
            announcedSyncError = nil
            if message == Self.syncingMessage || message == Self.liveBlockedMessage { message = nil }
        case .connecting, .syncing:
            break
        }
        // A card deleted elsewhere while this device changed it would otherwise just vanish.
        if let note = Self.deletedNote(status.deletedWhileChanged) { message = note }
    }

    /// The footer's note for cards someone else deleted while this device changed them.
    static func deletedNote(_ cards: [DeletedWhileChanged]) -> String? {
        guard let first = cards.first else { return nil }
        let more = cards.count > 1 ? " (and \(cards.count - 1) more: pm sync lists them)" : ""
        return "Note: \"\(first.title)\" was deleted by \(first.deletedBy) while you changed it; "
            + "pm restore \(first.id.lowercased.prefix(8)) brings it back\(more)"
    }

    private mutating func announce(_ reason: String, _ text: String) {
        guard announcedSyncError != reason else { return }
        announcedSyncError = reason
        message = text
    }

    /// The header's slot for `status`: `● synced` (`◌ checking every 10 s` while live updates are
    /// blocked), `↑ N pending`, `↻ syncing`, `○ offline` or `⚠ error`. Offline and stopped still count what waits, so the number is always in view.
    static func header(for status: SyncStatus) -> String {
        let waiting = status.pending > 0 ? " · \(status.pending) pending" : ""
        switch status.phase {
        case .stopped: return "⚠ error" + waiting
        case .offline: return "○ offline" + waiting
        case _ where status.pending > 0: return "↑ \(status.pending) pending"
        case .live where status.liveBlocked: return "◌ checking every \(SyncMachine.blockedPoll.components.seconds) s"
        case .live: return "● synced"
        case .connecting, .syncing: return "↻ syncing"
        }
    }

    /// The footer while syncing is stopped: why, and the way out (a refused token's reason
    /// already names the command that sets a new one; `s` would not send it again).
    static func stoppedMessage(_ reason: String, tokenRefused: Bool = false) -> String {
        tokenRefused ? "Sync stopped: \(reason)" : "Sync stopped: \(reason) — s to retry"
    }
}
