import GRDB
public import PMDomain

/// A new device joins a board from the server's cards instead of replaying every operation: the
/// cards are stored a page at a time as they arrive, so the board shows them from the first page;
/// then the stream continues from the snapshot's sequence number, and the history before it is
/// fetched afterwards (``PullCursor/backfill(next:)``).
///
/// A join cut short (the network, a crash, Ctrl-C) keeps the pages it stored and resumes from a
/// newer snapshot: each card is merged field by field with what the device holds, and the stream
/// follows on from the first snapshot's number, so the operations between the two snapshots are
/// merged too. Merging is idempotent, so an operation the newer cards already hold changes
/// nothing, and a card deleted between the two leaves with its deletion.
extension AppDatabase {
    /// Whether the next round joins from the server's cards: the device holds no operation and
    /// has pulled none, or a join is under way. Edits made meanwhile are kept: the cards merge
    /// under them by their clocks.
    public func joinsFromSnapshot() throws -> Bool {
        try read { db in try Self.joinStart(db) != nil }
    }

    /// Stores a page of the server's cards, as of `serverSeq`, in one transaction, each merged
    /// with the card this device holds. Returns `false`, changing nothing, unless the device
    /// joins (``joinsFromSnapshot()``).
    @discardableResult
    public func storeJoinPage(_ states: [ProjectState], serverSeq: Int64) throws -> Bool {
        try write { db in
            guard let joining = try Self.joinStart(db) else { return false }
            try db.execute(
                sql: "UPDATE remote SET joining = ?", arguments: [joining == 0 ? serverSeq : min(joining, serverSeq)])
            if states.count > 500 { try Self.prepareForLargeWrite(db) }
            var clock = try Self.clock(db)
            let now = environment.wallTime
            let stored = try ProjectRow.states(states.map(\.id), in: db)
            let rows = try ImportRows(db)
            for state in states {
                var merged = stored[state.id] ?? state
                merged.merge(state)
                if merged != stored[state.id] { try rows.save(merged) }
                let stamps = [
                    state.title?.timestamp, state.description?.timestamp, state.deadline?.timestamp,
                    state.status?.timestamp,
                ]
                for stamp in stamps.compactMap(\.self) { clock.receive(stamp, now: now) }
            }
            try rows.notifyChanges()
            try Self.save(clock, in: db)
            return true
        }
    }

    /// Ends a join once the server's last card of `serverSeq` is stored: the stream continues
    /// from the first snapshot this join stored (or `serverSeq`), and the history before it is
    /// still to fetch. Returns `false`, changing nothing, unless the device joins.
    @discardableResult
    public func finishJoin(serverSeq: Int64) throws -> Bool {
        try write { db in
            guard let joining = try Self.joinStart(db) else { return false }
            let start = joining == 0 ? serverSeq : min(joining, serverSeq)
            try db.execute(
                sql: "UPDATE remote SET cursor = ?, backfill = 0, backfillEnd = ?, joining = 0",
                arguments: [start, start])
            return true
        }
    }

    /// Starts an empty board from all of the server's cards at `serverSeq` at once: one page,
    /// then the end of the join. Returns `false`, changing nothing, unless the device joins.
    public func start(from states: [ProjectState], serverSeq: Int64) throws -> Bool {
        guard try storeJoinPage(states, serverSeq: serverSeq) else { return false }
        return try finishJoin(serverSeq: serverSeq)
    }

    /// The sequence number of the first snapshot a join under way stored, 0 for a join not
    /// begun, `nil` when the device does not join (it pulled already, or holds operations of
    /// its own from before any join).
    private static func joinStart(_ db: Database) throws -> Int64? {
        guard let row = try Row.fetchOne(db, sql: "SELECT cursor, joining FROM remote"), row["cursor"] == 0 as Int64
        else { return nil }
        let joining: Int64 = row["joining"]
        if joining > 0 { return joining }
        return try newestSequence(db) == 0 ? 0 : nil
    }
}
