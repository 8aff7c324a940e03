import GRDB

extension AppDatabase {
    /// How much history behind a snapshot start, still to come when its first batch arrives,
    /// makes the log's secondary indexes wait for the end of that history: built once over the
    /// sorted rows they cost a quarter of what they add to inserting the same rows one by one,
    /// and a new device's history is nearly its whole log.
    public static let deferredIndexBackfill = 10_000

    /// The log's secondary indexes that a large backfill builds at its end.
    static let deferredLogIndexes = ["operation_by_project", "operation_by_clock"]

    /// Drops the log's secondary indexes for the first batch of a large backfill. They stay
    /// missing, batch after committed batch, only while the backfill is pending; the log's
    /// rows, the cards and the unique and server-order indexes the merge relies on stay whole,
    /// so a crash in between leaves a database every command reads correctly (the history only
    /// slower), and the next sync resumes the backfill where it stopped.
    static func deferLogIndexes(_ db: Database) throws {
        for name in deferredLogIndexes { try db.execute(sql: "DROP INDEX IF EXISTS \(name)") }
    }

    /// Builds whichever of the log's secondary indexes is missing, exactly as the schema made
    /// them. Called in every transaction that leaves no backfill pending.
    static func restoreLogIndexes(_ db: Database) throws {
        let names = deferredLogIndexes.map { "'\($0)'" }.joined(separator: ", ")
        let present = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN (\(names))")
        guard present != deferredLogIndexes.count else { return }
        try deferLogIndexes(db)
        try db.execute(sql: operationIndexes)
    }

    /// Whether the history still to fetch behind a snapshot start is pending.
    static func backfillPending(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT backfill < backfillEnd FROM remote") ?? false
    }
}
