import PMSQLite

extension DatabaseFile {
    /// The file as created: owner-only, as the SQLite server's is (`PMSQLite.OwnerOnlyFile`).
    private var ownerOnly: OwnerOnlyFile { OwnerOnlyFile(path: path) }

    /// The folder holding the file (`.` for a bare file name).
    var folder: String { ownerOnly.folder }

    /// Creates the file, empty, 0600 whatever the umask: the database holds the sync token, so
    /// only its owner may read it. SQLite then creates the -wal and -shm files with the main
    /// file's mode. A file that already exists keeps the mode it has: its owner may have chosen it.
    func createOwnerOnly() throws(StoreError) {
        do {
            try ownerOnly.createFile()
        } catch {
            throw .unusable(path, "it cannot be created (\(error.reason))")
        }
    }

    /// Creates the file's missing folders 0700 whatever the umask; existing folders keep their mode.
    func createFolders() throws(StoreError) {
        do {
            try ownerOnly.createFolders()
        } catch {
            throw .unusable(path, "its folder \(error.path) cannot be created (\(error.reason))")
        }
    }

    /// Runs `body` holding the lock every process opening this file takes while it checks, sets
    /// up and migrates it (``OwnerOnlyFile/whileLocked(_:)``), after creating the folders it
    /// lives in.
    func whileOpening<T>(_ body: () throws -> T) throws -> T {
        try createFolders()
        return try ownerOnly.whileLocked(body)
    }
}
