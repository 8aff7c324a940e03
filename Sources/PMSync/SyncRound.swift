public import PMDomain
public import PMStore
import PMSyncProtocol

/// What one round did.
public struct SyncReport: Hashable, Sendable {
    /// Operations of this device the server acknowledged.
    public var pushed = 0
    /// Operations from elsewhere merged into this board.
    public var pulled = 0
    /// Whether the board started from the server's snapshot.
    public var startedFromSnapshot = false
    /// The board's head on the server at the end of the round.
    public var head: Int64 = 0

    /// An empty report.
    public init() {}
}

/// One full round against the server: send the outbox, bring in the stream, and fetch any
/// history still missing behind a snapshot start. Every step is safe to repeat: a round cut off
/// anywhere (a lost response, a crash) is finished by the next, without losing or doubling an
/// operation, because pushes are idempotent by operation id and every page is merged and its
/// cursor moved in one transaction.
public struct SyncRound: Sendable {
    /// The board on this device.
    public let database: AppDatabase
    /// The way to the server.
    public let transport: any SyncTransport
    /// The most a push carries, well inside the server's 1 MiB body limit.
    static let batchBytes = 768 * 1024

    /// A round of `database` through `transport`.
    public init(database: AppDatabase, transport: any SyncTransport) {
        self.database = database
        self.transport = transport
    }

    /// Runs the round. Throws the first ``SyncTransportError`` or store error; what was done
    /// before it stays done.
    public func run() async throws -> SyncReport {
        var report = SyncReport()
        report.pushed = try await pushOutbox()
        let record = try database.syncRecord()
        var cursor = record.cursor
        if cursor == 0, try database.latestSequence() == 0 {
            let snapshot = try await transport.snapshot()
            if snapshot.seq > 0, try database.start(from: snapshot.projects.map(\.state), serverSeq: snapshot.seq) {
                report.startedFromSnapshot = true
                cursor = snapshot.seq
            }
        }
        while true {
            let page = try await transport.pull(after: cursor, limit: OperationPage.limit)
            guard page.head >= cursor else { throw SyncRoundError.serverBehind(head: page.head, cursor: cursor) }
            report.pulled += try database.merge(
                pulled: page.operations.map { ($0.seq, $0.operation) }, advancing: .stream(next: page.next))
            cursor = page.next
            report.head = page.head
            if page.operations.isEmpty || cursor >= page.head { break }
        }
        report.pulled += try await backfill()
        return report
    }

    /// Pushes the outbox in order, batch after batch, each leaving the outbox once acknowledged.
    /// Returns how many were pushed.
    @discardableResult
    public func pushOutbox() async throws -> Int {
        var pushed = 0
        while true {
            let pending = try database.pendingOperations(limit: PushRequest.operationLimit)
            let batch = Self.batch(pending)
            if batch.isEmpty { return pushed }
            let results = try await transport.push(batch)
            try database.acknowledge(results.map { ($0.id, $0.seq) })
            pushed += batch.count
        }
    }

    /// Fetches the history before a snapshot start, page by page.
    private func backfill() async throws -> Int {
        var merged = 0
        while true {
            let record = try database.syncRecord()
            guard record.backfillRemaining > 0 else { return merged }
            let from = try database.backfillPosition()
            let page = try await transport.pull(after: from.next, limit: OperationPage.limit)
            let entries = page.operations.prefix { $0.seq <= from.end }
            let next = entries.last?.seq ?? from.end
            merged += try database.merge(
                pulled: entries.map { ($0.seq, $0.operation) },
                advancing: .backfill(next: entries.isEmpty ? from.end : next))
        }
    }

    /// The longest prefix of `operations` that fits one push.
    static func batch(_ operations: [ProjectOperation]) -> [ProjectOperation] {
        var bytes = 0
        var count = 0
        for operation in operations {
            // JSON escaping at most doubles the text; the rest of an operation is under 300 bytes.
            let text = (operation.fields.title?.utf8.count ?? 0) + (operation.fields.description?.utf8.count ?? 0)
            bytes += 300 + 2 * text
            if bytes > batchBytes && count > 0 { break }
            count += 1
        }
        return Array(operations.prefix(count))
    }
}

/// A round that cannot go on.
public enum SyncRoundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server's board is shorter than what this device already merged: it was reset or
    /// replaced. Syncing stops so nothing is merged into the wrong board.
    case serverBehind(head: Int64, cursor: Int64)

    public var description: String {
        switch self {
        case .serverBehind(let head, let cursor):
            "the server's board ends at \(head) but this device has merged up to \(cursor): "
                + "was the board reset? Set the remote again to start afresh"
        }
    }
}
