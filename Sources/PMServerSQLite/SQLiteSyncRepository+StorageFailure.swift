import GRDB
public import PMServer

extension SQLiteSyncRepository: StorageFailureDescribing {
    /// A full disk (SQLite reports it as often as a "disk I/O error" as "database or disk is
    /// full"), a read-only file, folder or mount, and a file that cannot be opened any more.
    public func storageUnavailableReason(_ error: any Error) -> String? {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_FULL: return "the disk holding the server's database is full"
        case .SQLITE_IOERR: return "the server's database cannot be written (disk I/O error: is the disk full?)"
        case .SQLITE_READONLY: return "the server's database is read-only"
        case .SQLITE_CANTOPEN: return "the server's database file cannot be opened"
        default: return nil
        }
    }
}
