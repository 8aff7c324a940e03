import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DatabaseFile {
    /// The folder holding the file (`.` for a bare file name).
    var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Creates the file, empty, 0600 whatever the umask: the database holds the sync token, so
    /// only its owner may read it. SQLite then creates the -wal and -shm files with the main
    /// file's mode. A file that already exists keeps the mode it has: its owner may have chosen it.
    func createOwnerOnly() throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            // Another process made it first: that one set its mode.
            if errno == EEXIST { return }
            throw .unusable(path, "it cannot be created (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
    }

    /// Creates the file's missing folders 0700 whatever the umask; existing folders keep their mode.
    func createFolders() throws(StoreError) {
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
                throw .unusable(path, "its folder \(folder) cannot be created (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Runs `body` holding an exclusive lock that every process opening this file takes while it
    /// checks, sets up and migrates it, after creating the folders it lives in.
    ///
    /// The lock is a `flock` on the folder: SQLite's own locks cannot span GRDB's one transaction
    /// per migration, and closing a descriptor of the database file itself would drop the POSIX
    /// locks SQLite holds on it. It writes nothing. A folder that cannot be opened for reading is
    /// opened without the lock, as before.
    func whileOpening<T>(_ body: () throws -> T) throws -> T {
        try createFolders()
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}
