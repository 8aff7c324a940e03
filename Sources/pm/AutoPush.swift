import Foundation
import PMStore
import PMSync
import TerminalKit

/// After a command changed the board: send the outbox to the remote right away, if one is set
/// and syncing has not stopped, within ``SyncLink/pushLimit``; at a terminal in a process of its
/// own (``BackgroundPush``), elsewhere inside the command. Being offline is not an error: the
/// command prints and exits as it would without a remote, and the changes wait for the next push
/// or `pm sync`; one line on stderr says they wait, so nobody believes them shared. A refusal (a
/// revoked token, a removed board) stops automatic pushes until `pm sync` gets through or the
/// remote is set again, and its line says what to do.
enum AutoPush {
    /// Runs `report` (the command's output), then pushes, whether or not `report` threw. Without
    /// a remote the push is one read of a one-row table, and no HTTP client is made.
    /// On the main actor, as the commands' `run()`: an async call off it would start the
    /// concurrency runtime's worker threads, about 3 ms of every `pm add` without a remote.
    @MainActor static func afterChange(
        _ database: AppDatabase, _ context: Context, report: () throws -> Void
    ) async throws {
        let reported = Result { try report() }
        if let remote = try? database.remote() {
            let handedOver =
                BackgroundPush.wanted(context.output) && BackgroundPush.start(database: context.databasePath)
            if !handedOver { await push(database, context, to: remote) }
        }
        try reported.get()
    }

    /// Sends what waits to `remote`, saying on standard error when it could not.
    static func push(_ database: AppDatabase, _ context: Context, to remote: Remote) async {
        let link = ServerLink.link(database, to: remote, environment: context.environment, variables: context.variables)
        guard let problem = await link.pushAfterChange() else {
            guard let record = try? database.syncRecord(), record.pending > 0 else { return }
            let why = record.lastError.map { " (\($0))" } ?? ""
            Output.write(
                TerminalText.printable(
                    "pm: \(SyncCommand.changes(record.pending)) waiting on this device, not sent yet\(why); "
                        + "pm sync sends \(record.pending == 1 ? "it" : "them")\n"),
                to: .standardError)
            return
        }
        // A refused token has its own way out (a new token), which the problem names.
        let advice = problem.tokenRefused ? "" : " Check the remote (pm remote show), then run pm sync"
        Output.write(
            TerminalText.printable("pm: sync stopped: \(problem); your changes are kept on this device.\(advice)\n"),
            to: .standardError)
    }
}
