import PMSync
import Synchronization

/// Where the sync engine's task leaves its newest status for the run loop, which picks it up
/// between keys. Only the newest matters: the header shows where sync stands now.
final class SyncStatusMailbox: Sendable {
    private let latest = Mutex<SyncStatus?>(nil)

    /// Leaves `status`, replacing any the loop has not picked up yet.
    func post(_ status: SyncStatus) {
        latest.withLock { $0 = status }
    }

    /// The status left since the last call, if any.
    func take() -> SyncStatus? {
        latest.withLock { latest in
            defer { latest = nil }
            return latest
        }
    }
}
