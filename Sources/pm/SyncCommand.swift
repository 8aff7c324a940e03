import ArgumentParser
import Foundation
import PMDomain
import PMStore
import PMSync

/// `pm sync`: one full round with the remote now.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with the remote now: send waiting changes, receive everyone else's.",
        discussion: """
            Exits with 4 when the server cannot be reached or refuses; every change stays on this \
            device and waits for the next sync. After a refusal (a removed board, say) automatic \
            pushes stop until a pm sync gets through; a token the server refused is not sent \
            again, by anything, until pm remote set gives a new one. A card this device changed \
            that a teammate deleted meanwhile is noted, with the pm restore command that brings it \
            back. Example: pm sync
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        guard let remote = try database.remote() else { throw CommandFailure(ServerLink.noRemote) }
        let link = ServerLink.link(database, to: remote, environment: context.environment, variables: context.variables)
        let bar = ProgressBar(
            label: "Receiving", enabled: context.output.errorIsTerminal && !output.json,
            clock: context.environment.clock, delay: try Self.progressDelay(context.variables))
        let report: SyncReport
        do {
            defer { bar.finish() }
            report = try await link.round { bar.show(done: $0.received, total: $0.total) }
        } catch let problem as SyncProblem {
            let pending = try database.pendingCount()
            let kept = "\(Self.changes(pending)) kept on this device"
            let message =
                if problem.tokenRefused {
                    "\(problem); sync stopped, \(kept)"
                } else if problem.stops {
                    "\(problem); sync stopped, \(kept). Check the remote (pm remote show), then run pm sync again"
                } else {
                    "\(problem); \(kept), sent at the next sync"
                }
            throw CommandFailure(message, code: 4)
        }
        let pending = try database.pendingCount()
        if output.json {
            try context.output.printJSON(
                SyncJSON(
                    pushed: report.pushed, pulled: report.pulled, head: report.head,
                    startedFromSnapshot: report.startedFromSnapshot, resentEverything: report.resentEverything,
                    pending: pending,
                    deletedWhileChanged: report.deletedWhileChanged.map {
                        SyncJSON.DeletedCard(id: $0.id.lowercased, title: $0.title, by: $0.deletedBy)
                    }))
            return
        }
        var line = "Synced: pushed \(report.pushed), pulled \(report.pulled), board at \(report.head)"
        if report.startedFromSnapshot { line += " (started from the server's cards)" }
        if report.resentEverything {
            line += " (the server had lost changes, restored from a backup?: this device sent all it holds again)"
        }
        if pending > 0 { line += "; \(Self.changes(pending)) still waiting" }
        // A card deleted elsewhere while this device changed it would otherwise just vanish.
        let shortIDs = try database.shortIDs(includingDeleted: true)
        let notes = report.deletedWhileChanged.map { card in
            "Note: \"\(card.title)\" was deleted by \(card.deletedBy) while this device changed it; "
                + "pm restore \(shortIDs[card.id] ?? card.id.lowercased) brings it back"
        }
        context.output.print(([line] + notes).joined(separator: "\n"))
    }

    /// How long a round runs before its progress shows: half a second, so a sync that is over
    /// at once draws nothing; `PM_PROGRESS_AFTER` (seconds) sets another, for demos and tests.
    static func progressDelay(_ variables: [String: String]) throws -> Duration {
        guard let text = variables["PM_PROGRESS_AFTER"], !text.isEmpty else { return .milliseconds(500) }
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw CommandFailure("PM_PROGRESS_AFTER must be a number of seconds, 0 or more, like 0.5; it is \(text)")
        }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// "1 change", "3 changes".
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }
}

/// What `pm sync --json` prints.
struct SyncJSON: Encodable {
    let pushed: Int
    let pulled: Int
    let head: Int64
    let startedFromSnapshot: Bool
    let resentEverything: Bool
    let pending: Int
    /// Cards this device changed that someone else deleted, brought in by this round.
    let deletedWhileChanged: [DeletedCard]

    struct DeletedCard: Encodable {
        let id: String
        let title: String
        let by: String
    }
}
