import Foundation
import GRDB
import PMDomain
import PMSQLite
import PMServer

/// What an existing SQLite file holds, read before `pm-server` changes anything in it: a
/// `pm-server` database is migrated (after a copy of it is made), anything else is refused as it
/// is — opening a file as a pool would already switch it to WAL.
struct SQLiteSchemaCheck {
    let path: String
    let known: [String]

    /// The migrations still to apply to the file, `[]` for an up-to-date or new one; throws
    /// ``ServerDatabaseError`` for a file that is not a `pm-server` database or is newer.
    func pendingMigrations() throws -> [String] {
        guard let header = FileManager.default.contents(atPath: path)?.prefix(16), !header.isEmpty else { return [] }
        guard header == Data("SQLite format 3\0".utf8) else {
            throw ServerDatabaseError.notServerDatabase(path, "it is not a SQLite database")
        }
        let queue = try DatabaseQueue(path: path, configuration: LockWait.configuration(readonly: true))
        let (tables, applied) = try queue.read { db in
            let tables = try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            let applied =
                tables.contains("grdb_migrations")
                ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
            return (tables, applied)
        }
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw ServerDatabaseError.newerSchema(
                path, found: unknown, known: known.last ?? "", version: ProductVersion.current)
        }
        if tables.isEmpty { return known }
        guard applied.contains(known[0]) else {
            let why =
                tables.isSuperset(of: ["device", "undoStep"])
                ? "it is a pm database (one device's board); give pm-server a file of its own"
                : "it holds another program's tables (\(tables.sorted().prefix(3).joined(separator: ", ")))"
            throw ServerDatabaseError.notServerDatabase(path, why)
        }
        return known.filter { !applied.contains($0) }
    }

    /// Writes a consistent copy of the file, owner-only, beside it before `migrations` change it:
    /// `NAME.before-vN.sqlite`, for the newest of them. A copy already there (an earlier start of
    /// the same upgrade) is kept: it is the one from before the upgrade.
    func backUp(before migrations: [String]) throws -> String? {
        guard let newest = migrations.last, let version = newest.split(separator: ":").first else { return nil }
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent + ".before-\(version).sqlite"
        let copy = url.deletingLastPathComponent().appendingPathComponent(name).path
        guard !FileManager.default.fileExists(atPath: copy) else { return copy }
        try SQLiteFile(path: copy).createOwnerOnly()
        let source = try DatabaseQueue(path: path, configuration: LockWait.configuration())
        let destination = try DatabaseQueue(path: copy, configuration: LockWait.configuration())
        try source.backup(to: destination)
        return copy
    }
}
