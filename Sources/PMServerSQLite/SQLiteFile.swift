import Foundation
import PMServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's database file on disk: created readable by its owner only, because it holds the
/// hashes of every token, and set up by one process at a time.
///
/// PMStore's `DatabaseFile` does the same for `pm`'s file; the server does not depend on the
/// client's store, so the few system calls are repeated here.
struct SQLiteFile {
    let path: String

    /// The folder holding the file (`.` for a bare file name).
    var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Creates the missing folders 0700 and, if missing, the file 0600, whatever the umask; SQLite
    /// creates the -wal and -shm files with the file's mode. Existing ones keep their mode.
    func createOwnerOnly() throws {
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
                throw Self.creationError(folder)
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw Self.creationError(path)
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
    }

    /// Runs `body` holding an exclusive `flock` on the folder, so that two processes opening a new
    /// file together do not both switch it to WAL and run the first migration (GRDB reads what is
    /// applied outside the transaction of each migration). A folder that cannot be read is set up
    /// without the lock, as before.
    func whileSettingUp<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// The error for a failed creation of `path`, in words: not Foundation's error domain and code.
    private static func creationError(_ path: String) -> ServerDatabaseError {
        let why =
            switch errno {
            case EACCES, EPERM:
                "pm-server's user may not create \(path); give it write access to the folder, or choose another --database"
            case ENOTDIR: "a part of \(path) is a file, not a folder; choose another --database"
            case EROFS: "\(path) is on a read-only file system; choose another --database"
            case ENOSPC: "the disk is full; free some space and run the command again"
            default: "\(path) cannot be created (\(String(cString: strerror(errno))))"
            }
        return ServerDatabaseError.unusable(path, why)
    }
}
