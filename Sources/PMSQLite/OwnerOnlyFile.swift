import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database file only its owner may read, whatever the umask: the device's file holds the
/// sync token, the server's the hashes of every token. Created 0600 in folders created 0700;
/// SQLite then creates the -wal and -shm files with the main file's mode. What already exists
/// keeps the mode it has: its owner may have chosen it.
public struct OwnerOnlyFile: Sendable {
    /// The file's path.
    public let path: String

    /// A file at `path`; nothing is created yet.
    public init(path: String) {
        self.path = path
    }

    /// The folder holding the file (`.` for a bare file name).
    public var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Creates the file's missing folders 0700; throws for the first one that cannot be made.
    public func createFolders() throws(CreationFailure) {
        var missing: [String] = []
        var folder = self.folder
        while !FileManager.default.fileExists(atPath: folder) {
            missing.append(folder)
            let parent = (folder as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != folder else { break }
            folder = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o700) == 0 {
                chmod(folder, 0o700)
            } else if errno != EEXIST {
                throw CreationFailure(path: folder, code: errno)
            }
        }
    }

    /// Creates the file, empty and 0600, unless it exists (another process may have made it
    /// first: that one set its mode).
    public func createFile() throws(CreationFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw CreationFailure(path: path, code: errno)
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
    }

    /// Runs `body` holding an exclusive lock that every process opening this file takes while it
    /// checks, sets up and migrates it, so that two processes opening a new file together do not
    /// both switch it to WAL and run the first migration.
    ///
    /// The lock is a `flock` on the folder: SQLite's own locks cannot span GRDB's one transaction
    /// per migration, and closing a descriptor of the database file itself would drop the POSIX
    /// locks SQLite holds on it. It writes nothing. A folder that cannot be opened for reading is
    /// set up without the lock.
    public func whileLocked<T>(_ body: () throws -> T) rethrows -> T {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// Why a file or folder could not be created: the system's error code, for the caller to
    /// word in its own terms.
    public struct CreationFailure: Error, Sendable {
        /// The file or folder that could not be created.
        public let path: String
        /// The `errno` the system call set.
        public let code: Int32

        /// The system's words for ``code``.
        public var reason: String { String(cString: strerror(code)) }
    }
}
