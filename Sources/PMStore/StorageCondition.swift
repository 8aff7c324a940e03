import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a database's file system refuses writes, found when SQLite reports a failure: SQLite
/// says "disk I/O error" for a full disk as often as "database or disk is full" (creating the
/// -shm file fails before any page is written), and "attempt to write a readonly database" for
/// a file, a folder or a whole mount that is read-only. Asking the file system names the cause
/// a user can act on.
enum StorageCondition: Hashable, Sendable {
    /// The file system holding the database has (almost) no space left.
    case full(freeBytes: UInt64)
    /// The file, its folder or the mount it lives on cannot be written.
    case readOnly(String)

    /// Less free space than this, after a failed write, is taken as a full disk: SQLite needs
    /// room for the WAL and its shared-memory index before it writes any page.
    static let nearlyFull: UInt64 = 256 * 1024

    /// The condition of `path`'s file system, or `nil` when it looks writable with room to spare.
    static func of(path: String) -> StorageCondition? {
        let folder =
            (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        // access(2) answers EROFS for a read-only mount even to root, whom permissions do not stop.
        if access(folder, W_OK) != 0 { return .readOnly(folder) }
        if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 { return .readOnly(path) }
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return nil }
        let free = UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
        return free < nearlyFull ? .full(freeBytes: free) : nil
    }
}
