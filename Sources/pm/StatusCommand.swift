import ArgumentParser
import Foundation
import PMDomain
import PMStore
import PMSync

/// `pm status`: where sync stands — online, offline, syncing or error — and what waits.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the sync status: online, offline, syncing or error, and the changes waiting.",
        discussion: """
            Asks the server once, for at most 2 seconds. States: local (no remote set), online, \
            offline (the server cannot be reached), syncing (a round is running in another \
            process), error (the server refused, or sync stopped until you act).
            Example: pm status --json
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        let record = try database.syncRecord()
        var probe: SyncLink.Probe?
        if let remote = record.remote {
            probe = try await ServerLink.link(
                database, to: remote, environment: context.environment, variables: context.variables
            ).probe(record)
        }
        let json = StatusJSON(record: record, probe: probe)
        if output.json {
            try context.output.printJSON(json)
        } else {
            context.output.print(Self.text(json))
        }
    }

    static func text(_ status: StatusJSON) -> String {
        let pending = SyncCommand.changes(status.pending)
        guard let remote = status.remote else {
            return "Local only: \(pending) not synced (set a server with pm remote set URL --board BOARD --token TOKEN)"
        }
        var state = status.state.rawValue
        if let toReceive = status.toReceive {
            let news: String =
                switch toReceive {
                // Up to date only when nothing waits either way.
                case 0: status.pending == 0 ? ", up to date with the server" : ", nothing to receive"
                case 1: ", 1 operation to receive"
                default: ", \(toReceive) operations to receive"
                }
            state += news
        }
        let joining = status.joining ? "\nJoining: the board's cards are still arriving; pm sync receives the rest" : ""
        return """
            State: \(state)\(joining)
            Pending: \(pending) to send
            Last sync: \(status.lastSyncAt ?? "never")
            Last error: \(status.lastError ?? "none")
            Remote: \(remote.url), board \(remote.board)
            """
    }
}

/// What `pm status --json` prints: every key always present, `null` when it does not apply.
struct StatusJSON: Encodable {
    struct RemoteJSON: Encodable {
        let url: String
        let board: String
    }

    let state: SyncLink.State
    let pending: Int
    let toReceive: Int64?
    /// Whether some of the server's cards are stored and the rest still to come.
    let joining: Bool
    let lastSyncAt: String?
    let lastError: String?
    let remote: RemoteJSON?

    init(record: SyncRecord, probe: SyncLink.Probe?) {
        state = probe?.state ?? .local
        pending = record.pending
        toReceive = probe?.toReceive
        joining = record.joining
        lastSyncAt = record.lastSyncAt.map { ISO8601DateFormatter().string(from: $0) }
        lastError = probe?.error ?? record.lastError
        remote = record.remote.map { RemoteJSON(url: $0.url, board: $0.board) }
    }

    enum CodingKeys: String, CodingKey {
        case state, pending, toReceive, joining, lastSyncAt, lastError, remote
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(pending, forKey: .pending)
        try container.encode(toReceive, forKey: .toReceive)
        try container.encode(joining, forKey: .joining)
        try container.encode(lastSyncAt, forKey: .lastSyncAt)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(remote, forKey: .remote)
    }
}
