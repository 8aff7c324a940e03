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
            Exits with 4 when the server cannot be reached or refuses; every change stays on this
            device and waits for the next sync. After a refusal (a revoked token, say) automatic
            pushes stop until a pm sync gets through. Example: pm sync
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        guard let remote = try database.remote() else { throw CommandFailure(ServerLink.noRemote) }
        let link = ServerLink.link(database, to: remote, environment: context.environment)
        let report: SyncReport
        do {
            report = try await link.round()
        } catch let problem as SyncProblem {
            let pending = try database.pendingCount()
            let kept = "\(Self.changes(pending)) kept on this device"
            throw CommandFailure(
                problem.stops
                    ? "\(problem); sync stopped, \(kept). Check the remote (pm remote show), then run pm sync again"
                    : "\(problem); \(kept), sent at the next sync",
                code: 4)
        }
        let pending = try database.pendingCount()
        if output.json {
            try context.output.printJSON(
                SyncJSON(
                    pushed: report.pushed, pulled: report.pulled, head: report.head,
                    startedFromSnapshot: report.startedFromSnapshot, resentEverything: report.resentEverything,
                    pending: pending))
            return
        }
        var line = "Synced: pushed \(report.pushed), pulled \(report.pulled), board at \(report.head)"
        if report.startedFromSnapshot { line += " (started from the server's cards)" }
        if report.resentEverything {
            line += " (the server had lost changes, restored from a backup?: this device sent all it holds again)"
        }
        if pending > 0 { line += "; \(Self.changes(pending)) still waiting" }
        context.output.print(line)
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
}
