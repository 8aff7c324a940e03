import GRDB
import PMSQLite
import PMServer

/// SQLite's failures as sentences a person can act on, naming the file and what to do, rather
/// than SQLite's error numbers.
public enum SQLiteErrorText {
    /// `error` from using the database at `path` in words (a ``ServerDatabaseError``, exit 3),
    /// or `error` itself when it is not SQLite's.
    public static func explained(_ error: any Error, path: String) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        let why =
            switch error.resultCode {
            case .SQLITE_READONLY:
                "it or its folder is read-only for pm-server's user; nothing was changed. Make both writable, "
                    + "or choose another --database"
            case .SQLITE_FULL: "the disk holding it is full; nothing was changed. Free some space and try again"
            case .SQLITE_CANTOPEN:
                "it cannot be opened: it is a folder, or pm-server's user may not read and write it and its folder"
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                "it is damaged and cannot be read; restore it from a backup (pm-server backup)"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                "another program kept it locked for more than \(Int(LockWait.seconds)) s; try again once it is done"
            case .SQLITE_IOERR: "the disk could not read or write it; check the disk and the file system"
            default: error.message ?? "SQLite could not use it"
            }
        return ServerDatabaseError.unusable(path, why)
    }
}
