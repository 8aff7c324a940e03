import Foundation
import GRDB
import PMDomain
import PMSQLite
public import PMServer
public import PMSyncProtocol

/// The server's repository on SQLite: one file, every write one transaction, sequence numbers
/// handed out inside the transaction that stores the operations, so they have no gaps.
public struct SQLiteSyncRepository: SyncRepository {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// Opens the database at `path`, creating it and its folder on first use when
    /// `creatingIfMissing` (else a missing file is refused), readable by their owner only (0600
    /// and 0700): the file holds every token's hash. A file that is not a `pm-server` database, or
    /// that a newer `pm-server` wrote, is refused untouched (``ServerDatabaseError``); one at an
    /// older schema is copied to `NAME.before-vN.sqlite` (``upgradeCopy``) before it is migrated.
    public static func open(path: String, creatingIfMissing: Bool = true) throws -> SQLiteSyncRepository {
        guard creatingIfMissing || FileManager.default.fileExists(atPath: path) else {
            throw ServerDatabaseError.missing(path)
        }
        let file = SQLiteFile(path: path)
        try file.createOwnerOnly()
        return try file.whileSettingUp {
            let check = SQLiteSchemaCheck(path: path, known: migrator.migrations)
            let pending = try check.pendingMigrations()
            let copy = pending.isEmpty || pending.count == check.known.count ? nil : try check.backUp(before: pending)
            let pool = try DatabasePool(path: path, configuration: LockWait.configuration())
            // GRDB opens WAL databases with `synchronous = NORMAL`, where a commit waits for no
            // fsync and the last commits before a power loss may be lost. A push is answered only
            // once it is on disk: every commit syncs the log.
            // The writer also keeps a 64 MiB page cache (SQLite's default is 2 MiB): a push looks
            // up every id in the board's index, and reading those pages back from the file was a
            // sixth of the server's time under load.
            try pool.writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA synchronous = FULL; PRAGMA cache_size = -65536")
            }
            var repository = try SQLiteSyncRepository(writer: pool)
            repository.upgradeCopy = copy
            repository.file = OpenedFile(path: path)
            repository.journal = CredentialJournal(databasePath: path)
            repository.reappliedCredentialChanges = try repository.reapplyJournal()
            return repository
        }
    }

    /// The copy of the database made before this opening migrated it to a newer schema, if it did.
    public private(set) var upgradeCopy: String?
    /// The file opened, for ``databaseProblem()``; `nil` in memory.
    var file: OpenedFile?
    /// The credential journal beside the file; `nil` in memory.
    var journal: CredentialJournal?
    /// How many revocations and password changes this opening re-applied from the credential
    /// journal: more than none after the database was restored from an older backup.
    public private(set) var reappliedCredentialChanges = 0

    /// The writer connection's `PRAGMA synchronous` (2 is `FULL`), for tests.
    public func synchronousMode() async throws -> Int {
        try await writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// A repository in memory, for tests.
    public static func inMemory() throws -> SQLiteSyncRepository {
        try SQLiteSyncRepository(writer: DatabaseQueue())
    }

    public func addUser(name: UserName) async throws {
        try await writer.write { db in
            // Names are ASCII (ServerName.rule), so NOCASE folds every letter they can hold.
            if let existing = try String.fetchOne(
                db, sql: "SELECT name FROM user WHERE name = ? COLLATE NOCASE", arguments: [name.text])
            {
                throw SyncRepositoryError.userExists(name, as: existing)
            }
            try db.execute(sql: "INSERT INTO user (name) VALUES (?)", arguments: [name.text])
        }
    }

    public func addToken(_ token: StoredToken) async throws {
        try await writer.write { db in
            guard try Self.userExists(db, token.user) else { throw SyncRepositoryError.userUnknown(token.user) }
            try db.execute(
                sql: "INSERT INTO token (prefix, hash, user, created) VALUES (?, ?, ?, ?)",
                arguments: [token.prefix, Data(token.hash), token.user.text, token.created.map(Self.seconds)])
        }
    }

    public func tokens(prefix: String) async throws -> [StoredToken] {
        try await writer.read { db in
            typealias Column = StoredColumns.Token
            return try Row.fetchAll(
                db, sql: "SELECT \(Column.selection) FROM token WHERE prefix = ?", arguments: [prefix]
            ).map { row in
                StoredToken(
                    user: UserName(row[Column.user]), prefix: row[Column.prefix], hash: Array(row[Column.hash] as Data))
            }
        }
    }

    public func revokeToken(prefix: String) async throws -> UserName {
        try await writer.write { db in
            typealias Column = StoredColumns.Token
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(Column.selection) FROM token WHERE substr(prefix, 1, ?) = ? LIMIT 2",
                arguments: [prefix.count, prefix])
            guard let row = rows.first else { throw SyncRepositoryError.tokenUnknown(prefix) }
            guard rows.count == 1 else { throw SyncRepositoryError.tokenAmbiguous(prefix) }
            try db.execute(sql: "DELETE FROM token WHERE rowid = ?", arguments: [row[Column.rowid] as Int64])
            try record(.tokenRevoked(hash: Array(row[Column.hash] as Data)))
            // A revoked token ends the user's browser sessions in the same transaction.
            let user: String = row[Column.user]
            try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [user])
            return UserName(user)
        }
    }

    public func setPassword(hash: String, user: UserName) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE name = ?", arguments: [hash, user.text])
            guard db.changesCount == 1 else { throw SyncRepositoryError.userUnknown(user) }
            try record(.passwordSet(user: user.text, hash: hash))
            // A new password ends the user's browser sessions in the same transaction.
            try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [user.text])
        }
    }

    public func passwordHash(user: UserName) async throws -> String? {
        try await writer.read { db in
            try String.fetchOne(db, sql: "SELECT passwordHash FROM user WHERE name = ?", arguments: [user.text])
        }
    }

    public func addBoard(_ board: BoardName, members: [UserName]) async throws {
        try await writer.write { db in
            if let existing = try String.fetchOne(
                db, sql: "SELECT name FROM board WHERE name = ? COLLATE NOCASE", arguments: [board.text])
            {
                throw SyncRepositoryError.boardExists(board, as: existing)
            }
            for member in members where try !Self.userExists(db, member) {
                throw SyncRepositoryError.userUnknown(member)
            }
            try db.execute(sql: "INSERT INTO board (name) VALUES (?)", arguments: [board.text])
            for member in Set(members) {
                try db.execute(
                    sql: "INSERT INTO member (board, user) VALUES (?, ?)", arguments: [board.text, member.text])
            }
        }
    }

    public func grant(board: BoardName, user: UserName) async throws {
        try await writer.write { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            guard try Self.userExists(db, user) else { throw SyncRepositoryError.userUnknown(user) }
            try db.execute(
                sql: "INSERT OR IGNORE INTO member (board, user) VALUES (?, ?)", arguments: [board.text, user.text])
        }
    }

    public func isMember(board: BoardName, user: UserName) async throws -> Bool {
        try await writer.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM member WHERE board = ? AND user = ?)",
                arguments: [board.text, user.text])
                ?? false
        }
    }

    static func userExists(_ db: Database, _ name: UserName) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user WHERE name = ?)", arguments: [name.text]) ?? false
    }

    /// The sequence number of `board`'s newest operation (0 for an empty board).
    static func head(_ db: Database, board: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board]) ?? 0
    }

    static func boardExists(_ db: Database, _ name: BoardName) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM board WHERE name = ?)", arguments: [name.text])
            ?? false
    }
}
