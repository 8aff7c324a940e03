import Foundation
import GRDB

/// Another program holding a database file locked, as a backup tool or a process closing the
/// file does: a connection in SQLite's exclusive locking mode, which keeps every other
/// connection, readers included, out of the file until it is closed.
public final class HeldDatabaseLock: Sendable {
    private let connection: DatabaseQueue

    /// Takes the lock on the database at `path`. With `leavingChangesInTheLog`, it also commits a
    /// change that stays in the `-wal` while the lock is held, so readers must go through the log
    /// rather than read the main file alone.
    public init(path: String, leavingChangesInTheLog: Bool = false) throws {
        connection = try DatabaseQueue(path: path)
        try connection.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT")
            if leavingChangesInTheLog {
                try db.execute(sql: "CREATE TABLE heldLock (x); DROP TABLE heldLock")
            }
        }
    }

    /// Whether a connection that does not wait is refused: proof the lock is held.
    public static func refusesAtOnce(path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return false
        } catch let error as DatabaseError {
            return error.resultCode == .SQLITE_BUSY
        } catch {
            return false
        }
    }

    /// Lets go of the lock `seconds` from now, on a thread of its own.
    public func release(after seconds: Double) {
        let connection = connection
        Thread {
            Thread.sleep(forTimeInterval: seconds)
            try? connection.close()
        }.start()
    }
}
