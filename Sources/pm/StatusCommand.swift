import ArgumentParser
import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncProtocol

/// `pm status`: where sync stands — online, offline, syncing or error — and what waits.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the sync status: online, offline, syncing or error, and the changes waiting.",
        discussion: """
            Asks the server once, for at most 2 seconds. States: local (no remote set), online,
            offline (the server cannot be reached), syncing (a round is running in another
            process), error (the server refused, or sync stopped until you act).
            Example: pm status --json
            """)

    /// The most the probe may take.
    static let probeLimit: Duration = .seconds(2)
    /// How long a round that began and has not ended counts as running, rather than cut off.
    static let roundLength: TimeInterval = 30

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let context = try Context(options)
        let database = try context.open()
        let record = try database.syncRecord()
        let status = try record.remote.map { remote in
            try Self.probe(
                ServerLink(database: database, remote: remote), record: record, now: context.environment.now())
        }
        let json = StatusJSON(record: record, status: status)
        if output.json {
            try context.output.printJSON(json)
        } else {
            context.output.print(Self.text(json))
        }
    }

    /// What the server says now, or what the record says when asking cannot help.
    static func probe(_ link: ServerLink, record: SyncRecord, now: Date) throws -> RemoteStatus {
        if record.stopped {
            return RemoteStatus(state: .error, toReceive: nil, error: record.lastError)
        }
        let transport = link.transport(timeout: probeLimit)
        let cursor = record.cursor
        do {
            let page = try AsyncBridge.run {
                try await TimeLimit.run(within: probeLimit, clock: ContinuousClock()) {
                    try await transport.pull(after: cursor, limit: 1)
                }
            }
            let toReceive = max(0, page.head - cursor)
            if let attempt = record.lastAttemptAt, record.lastError == nil,
                attempt > (record.lastSyncAt ?? .distantPast),
                now.timeIntervalSince(attempt) < roundLength
            {
                return RemoteStatus(state: .syncing, toReceive: toReceive, error: nil)
            }
            return RemoteStatus(state: .online, toReceive: toReceive, error: record.lastError)
        } catch {
            guard let problem = SyncProblem(error, token: link.remote.token) else { throw error }
            if problem.stops || problem.answered {
                return RemoteStatus(state: .error, toReceive: nil, error: problem.description)
            }
            return RemoteStatus(state: .offline, toReceive: nil, error: record.lastError ?? problem.description)
        }
    }

    static func text(_ status: StatusJSON) -> String {
        let pending = SyncCommand.changes(status.pending)
        guard let remote = status.remote else {
            return "Local only: \(pending) not synced (set a server with pm remote set URL --board BOARD --token TOKEN)"
        }
        var state = status.state.rawValue
        if let toReceive = status.toReceive {
            state += toReceive == 0 ? ", up to date with the server" : ", \(toReceive) operations to receive"
        }
        return """
            State: \(state)
            Pending: \(pending) to send
            Last sync: \(status.lastSyncAt ?? "never")
            Last error: \(status.lastError ?? "none")
            Remote: \(remote.url), board \(remote.board)
            """
    }
}

/// One of the states `pm status` reports.
enum SyncState: String, Encodable {
    case local, online, offline, syncing, error
}

/// What the probe found.
struct RemoteStatus {
    let state: SyncState
    let toReceive: Int64?
    let error: String?
}

/// What `pm status --json` prints: every key always present, `null` when it does not apply.
struct StatusJSON: Encodable {
    struct RemoteJSON: Encodable {
        let url: String
        let board: String
    }

    let state: SyncState
    let pending: Int
    let toReceive: Int64?
    let lastSyncAt: String?
    let lastError: String?
    let remote: RemoteJSON?

    init(record: SyncRecord, status: RemoteStatus?) {
        state = status?.state ?? .local
        pending = record.pending
        toReceive = status?.toReceive
        lastSyncAt = record.lastSyncAt.map { ISO8601DateFormatter().string(from: $0) }
        lastError = status?.error ?? record.lastError
        remote = record.remote.map { RemoteJSON(url: $0.url, board: $0.board) }
    }

    enum CodingKeys: String, CodingKey {
        case state, pending, toReceive, lastSyncAt, lastError, remote
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(pending, forKey: .pending)
        try container.encode(toReceive, forKey: .toReceive)
        try container.encode(lastSyncAt, forKey: .lastSyncAt)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(remote, forKey: .remote)
    }
}
