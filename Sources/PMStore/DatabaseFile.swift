import Foundation
import GRDB
import PMSQLite

/// The checks made on a database file before SQLite opens it for writing, because opening a
/// pool switches the file to WAL mode: a foreign file must be refused before that touches it.
struct DatabaseFile {
    /// `PRAGMA application_id` of our databases: "PMGR".
    static let applicationID: Int32 = 0x504D_4752

    let path: String

    func checkBeforeOpening() throws(StoreError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            try createOwnerOnly()
            return
        }
        if isDirectory.boolValue {
            throw .unusable(path, "it is a folder")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unusable(path, "it cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw .notOurDatabase(path)
        }
        let applicationID = header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
        if applicationID == Self.applicationID { return }
        guard applicationID == 0, try holdsNothingForeign() else {
            throw .notOurDatabase(path)
        }
    }

    /// A SQLite file without our application id is ours only if it is new (no tables), or if
    /// our first migration's commit still sits in its WAL file.
    private func holdsNothingForeign() throws(StoreError) -> Bool {
        do {
            let queue = try DatabaseQueue(path: path, configuration: LockWait.configuration(readonly: true))
            defer { try? queue.close() }
            return try queue.read { db in
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                return id == Self.applicationID || tables == 0
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
