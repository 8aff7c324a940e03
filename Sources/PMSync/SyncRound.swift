import PMDomain
public import PMStore
public import PMSyncProtocol

/// What one round did.
public struct SyncReport: Hashable, Sendable {
    /// Operations of this device the server acknowledged.
    public var pushed = 0
    /// Operations from elsewhere merged into this board.
    public var pulled = 0
    /// Whether the board started from the server's snapshot.
    public var startedFromSnapshot = false
    /// Whether the server had lost operations this device holds (it was restored from an
    /// older backup), so every operation here was sent again.
    public var resentEverything = false
    /// The board's head on the server at the end of the round.
    public var head: Int64 = 0
    /// Cards this device had changed that someone else's delete, brought in by the round,
    /// took off the board (filled in by ``SyncLink/round(progress:)``).
    public var deletedWhileChanged: [DeletedWhileChanged] = []

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
    /// The operations asked for in one pull.
    let pageSize: Int
    /// The most pulled operations merged in one transaction. A device far behind (a new one
    /// taking in a board's history) merges several pages at once: each index page is written
    /// once per transaction, so fewer, larger transactions write far less. Each transaction
    /// still moves its cursor with the operations it merged.
    let mergeBatch: Int
    /// How much history behind a snapshot start makes its merge build the log's secondary
    /// indexes once at its end (``AppDatabase/deferredIndexBackfill``; tests vary it).
    let deferIndexesFrom: Int
    /// Where the pulls' progress is added up and reported.
    let progress: SyncProgressTally

    /// A round of `database` through `transport`, pulling pages of `pageSize` operations and
    /// merging up to `mergeBatch` of them at a time (smaller in tests, to exercise batching).
    /// `progress`, if given, hears how far the pulls have come after every page.
    /// `deferIndexesFrom` is the size of history behind a snapshot start from which the log's
    /// secondary indexes are built at its end rather than row by row.
    public init(
        database: AppDatabase, transport: any SyncTransport, pageSize: Int = OperationPage.limit,
        mergeBatch: Int = 25_000, deferIndexesFrom: Int = AppDatabase.deferredIndexBackfill,
        progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) {
        self.database = database
        self.transport = transport
        self.pageSize = max(1, pageSize)
        self.mergeBatch = max(1, mergeBatch)
        self.deferIndexesFrom = deferIndexesFrom
        self.progress = SyncProgressTally(report: progress)
    }

    /// Runs the round. Throws the first ``SyncTransportError`` or store error; what was done
    /// before it stays done.
    public func run() async throws -> SyncReport {
        var report = SyncReport()
        let push = try await pushOutboxNoticingLoss()
        report.pushed = push.pushed
        report.resentEverything = push.resentEverything
        let record = try database.syncRecord()
        var cursor = record.cursor
        if cursor == 0, try database.joinsFromSnapshot() {
            // The pages are stored as they arrive, so the board shows cards from the first.
            let pages = JoinPages(database: database, most: mergeBatch)
            let seq = try await transport.snapshot { seq, cards in try pages.add(cards, serverSeq: seq) }
            try pages.store()
            if seq > 0, try database.finishJoin(serverSeq: seq) {
                report.startedFromSnapshot = true
            }
            // Another process (the board beside `pm sync`) may have finished the join first: the
            // stream follows on from wherever it is now, not from 0.
            cursor = try database.cursor()
        }
        if progress.watched, try database.syncRecord().backfillRemaining > 0 {
            // The history still missing counts from the start, so the total is right at once.
            let (next, end) = try database.backfillPosition()
            progress.begin(.backfill, after: next, end: end)
        }
        let stream: (pulled: Int, head: Int64)
        do {
            stream = try await pullAll(after: cursor, .stream(witness: try database.operationID(serverSeq: cursor)))
        } catch SyncRoundError.serverLostOperations {
            try database.resendEverything()
            report.resentEverything = true
            report.pushed += try await pushOutbox()
            stream = try await pullAll(after: 0, .stream(witness: nil))
        }
        report.pulled += stream.pulled
        report.head = stream.head
        report.pulled += try await backfill()
        return report
    }

    /// Pushes the outbox in order, batch after batch, each leaving the outbox once acknowledged.
    /// Returns how many were pushed.
    @discardableResult
    public func pushOutbox() async throws -> Int {
        try await pushOutboxNoticingLoss().pushed
    }

    /// Pushes the outbox; a server that numbers a new operation at or below the cursor has gone
    /// back to an older state (a healthy one numbers it past everything this device pulled), so
    /// every operation here goes back to the outbox and is sent again.
    func pushOutboxNoticingLoss() async throws -> (pushed: Int, resentEverything: Bool) {
        var pushed = 0
        var resent = false
        // A change stamped past the skew (made before clocks were bounded) would be refused, and
        // the outbox behind it with it, for ever: it is stamped anew at this device's time first.
        try database.restampOutboxAhead()
        while true {
            let pending = try database.pendingOperations(limit: PushRequest.operationLimit)
            let batch = Self.batch(pending)
            if batch.isEmpty { return (pushed, resent) }
            let results = try await transport.push(batch)
            let cursor = try database.cursor()
            if !resent, results.contains(where: { $0.seq <= cursor }) {
                try database.resendEverything()
                resent = true
                continue
            }
            try database.acknowledge(results.map { ($0.id, $0.seq) })
            pushed += batch.count
        }
    }

    /// Fetches the history before a snapshot start.
    private func backfill() async throws -> Int {
        guard try database.syncRecord().backfillRemaining > 0 else { return 0 }
        let (next, end) = try database.backfillPosition()
        return try await pullAll(after: next, .backfill(end: end)).pulled
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
    /// The server no longer holds what this device pulled from it: its board ends before the
    /// cursor, or the operation at the cursor is another one. It was restored from an older
    /// backup; the round sends everything again rather than stop.
    case serverLostOperations

    public var description: String {
        switch self {
        case .serverLostOperations:
            "the server no longer holds operations this device pulled from it (was it restored from a backup?)"
        }
    }
}
