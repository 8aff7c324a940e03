import Foundation
import PMSQLite
import PMServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's database file on disk: created readable by its owner only, because it holds the
/// hashes of every token, and set up by one process at a time, as `pm`'s file is.
struct SQLiteFile {
    let path: String

    /// The file as created: owner-only, as the device's is (`PMSQLite.OwnerOnlyFile`).
    private var ownerOnly: OwnerOnlyFile { OwnerOnlyFile(path: path) }

    /// Creates the missing folders 0700 and, if missing, the file 0600, whatever the umask; SQLite
    /// creates the -wal and -shm files with the file's mode. Existing ones keep their mode.
    func createOwnerOnly() throws {
        do {
            try ownerOnly.createFolders()
            try ownerOnly.createFile()
        } catch {
            throw Self.creationError(error)
        }
    }

    /// Runs `body` holding the lock every process setting up this file takes
    /// (``OwnerOnlyFile/whileLocked(_:)``), so that two processes opening a new file together do
    /// not both switch it to WAL and run the first migration.
    func whileSettingUp<T>(_ body: () throws -> T) throws -> T {
        try ownerOnly.whileLocked(body)
    }

    /// The error for a failed creation of `path`, in words: not Foundation's error domain and code.
    private static func creationError(_ failure: OwnerOnlyFile.CreationFailure) -> ServerDatabaseError {
        let path = failure.path
        let why =
            switch failure.code {
            case EACCES, EPERM:
                "pm-server's user may not create \(path); give it write access to the folder, or choose another --database"
            case ENOTDIR: "a part of \(path) is a file, not a folder; choose another --database"
            case EROFS: "\(path) is on a read-only file system; choose another --database"
            case ENOSPC: "the disk is full; free some space and run the command again"
            default: "\(path) cannot be created (\(failure.reason))"
            }
        return ServerDatabaseError.unusable(path, why)
    }
}
