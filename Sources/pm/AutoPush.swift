import Foundation
import PMDomain
import PMStore
import PMSync

/// After a command changed the board: send the outbox to the remote right away, if one is set
/// and syncing has not stopped, within a hard second. Being offline is not an error: the command
/// prints and exits exactly as it would without a remote, and the changes wait for the next
/// push or `pm sync`. A refusal (a revoked token, a removed board) is the one thing the user must
/// act on, so it alone earns a line on stderr; it stops automatic pushes until `pm sync` gets
/// through or the remote is set again.
enum AutoPush {
    /// The most a command waits for the server.
    static let limit: Duration = .seconds(1)

    /// Pushes what waits, if anything, never throwing. Without a remote this is one read of a
    /// one-row table, and no HTTP client is made.
    static func afterChange(_ database: AppDatabase) {
        guard let remote = try? database.remote(),
            let record = try? database.syncRecord(), !record.stopped, record.pending > 0
        else { return }
        let link = ServerLink(database: database, remote: remote)
        let round = SyncRound(database: database, transport: link.transport(timeout: limit))
        do {
            _ = try AsyncBridge.run {
                try await TimeLimit.run(within: limit, clock: ContinuousClock()) { try await round.pushOutbox() }
            }
        } catch {
            guard let problem = try? link.record(error), problem.stops else { return }
            FileHandle.standardError.write(
                Data(
                    ("pm: sync stopped: \(problem); your changes are kept on this device. "
                        + "Check the remote (pm remote show), then run pm sync\n").utf8))
        }
    }
}
