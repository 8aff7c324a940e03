import Foundation
import GRDB
public import PMDomain
import PMSQLite

/// The board on this device: a SQLite database holding the operation log, the projects it
/// merges into, the undo and redo stacks and this device's clock.
///
/// Every method that writes is one transaction that keeps the invariants: a crash at any
/// moment leaves each change either whole or absent.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    let environment: PMDomain.Environment
    /// The file's path, for messages (`:memory:` for an in-memory board).
    public let path: String

    /// The board in `writer`, migrated to the current schema; `migrating: false` (a read-only
    /// opening) refuses a schema that needs it instead.
    init(writer: any DatabaseWriter, environment: PMDomain.Environment, path: String, migrating: Bool = true) throws {
        self.writer = writer
        self.environment = environment
        self.path = path
        let migrator = Self.migrator(environment: environment)
        let (superseded, current) = try writer.read { db in
            (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
        }
        if superseded {
            let applied = try writer.read { try migrator.appliedIdentifiers($0) }
            let known = migrator.migrations
            throw StoreError.newerDatabase(
                path, found: applied.first { !known.contains($0) } ?? "", known: known.last ?? "")
        }
        // Most openings find the schema current: one read instead of the migrator's write lock.
        // The caller holds the file's opening lock, so no other process migrates meanwhile.
        if !current {
            guard migrating else { throw StoreError.needsUpgradeToRead(path) }
            try migrator.migrate(writer)
            // Into the main file before other processes open it, so that they find the schema
            // there rather than only in this connection's WAL.
            _ = try writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
    }

    /// How a process uses the database.
    public enum Access: Sendable {
        /// One command, then exit: a single connection, opened without writing anything, so a
        /// read or a refused command leaves the file byte-for-byte the same.
        case command
        /// A long-running board: a pool, so reads never wait for a write. Opening it may write
        /// (GRDB makes sure a -wal file exists before readers use it).
        case concurrentReads
    }

    /// Opens the database at `path`, creating it and its folder on first use.
    ///
    /// A file that is not ours, or is damaged, is refused with a clear error and never written.
    public static func open(
        path: String, environment: PMDomain.Environment, access: Access = .command
    ) throws(StoreError) -> AppDatabase {
        let file = DatabaseFile(path: path)
        do {
            // One process at a time checks, sets up and migrates the file: processes starting
            // together on a new file would otherwise each run the first migration, or read it
            // half set up. The lock is released before the command itself runs.
            return try file.whileOpening {
                try file.checkBeforeOpening()
                return try connect(path: path, environment: environment, access: access)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path)
        }
    }

    private static func connect(
        path: String, environment: PMDomain.Environment, access: Access
    ) throws -> AppDatabase {
        var configuration = LockWait.configuration()
        let writer: any DatabaseWriter
        switch access {
        case .command:
            // WAL set by hand: GRDB's own WAL set-up writes to the file on every opening.
            configuration.prepareDatabase { db in
                if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            writer = try DatabaseQueue(path: path, configuration: configuration)
        case .concurrentReads:
            writer = try DatabasePool(path: path, configuration: configuration)
        }
        return try AppDatabase(writer: writer, environment: environment, path: path)
    }

    /// A board in memory, for tests and previews.
    public static func inMemory(environment: PMDomain.Environment) throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(), environment: environment, path: ":memory:")
    }

    /// Runs a read and maps SQLite failures to ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try mappingFailures { try writer.read(body) }
    }

    /// Runs one write transaction and maps SQLite failures to ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try mappingFailures { try writer.write(body) }
    }

    /// Runs `body`, passing on the store's own errors and the card rules' refusals as they are
    /// and turning any other failure (SQLite's) into a ``StoreError`` about this file.
    private func mappingFailures<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as RuleViolation {
            throw error
        } catch {
            throw StoreError(error, path: path)
        }
    }
}

extension StoreError {
    init(_ error: any Error, path: String) {
        guard let error = error as? DatabaseError else {
            self = .unusable(path, "\(error)")
            return
        }
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CANTOPEN:
            switch StorageCondition.of(path: path) {
            case .full: self = .diskFull(path)
            case .readOnly(let what): self = .readOnly(path, what)
            case nil:
                self =
                    error.resultCode == .SQLITE_FULL
                    ? .diskFull(path) : .unusable(path, error.message ?? "\(error.resultCode)")
            }
        case .SQLITE_NOTADB: self = .notOurDatabase(path)
        case .SQLITE_CORRUPT: self = .damaged(path, error.message ?? "corrupt")
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .unusable(path, "it is busy in another process; try again")
        default: self = .unusable(path, error.message ?? "\(error.resultCode)")
        }
    }
}
