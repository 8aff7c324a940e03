import Foundation
import GRDB

extension SQLiteSyncRepository {
    /// Writes a consistent copy of the whole store to a new file at `path`, while the server
    /// keeps answering: `VACUUM INTO` reads one snapshot in a read transaction, so pushes that
    /// land meanwhile are either wholly in the copy or wholly absent. The copy is made 0600 like
    /// the store (it holds every token's hash); an existing file is never overwritten.
    public func backup(to path: String) async throws {
        if FileManager.default.fileExists(atPath: path) { throw BackupError.exists(path) }
        let file = SQLiteFile(path: path)
        try file.createOwnerOnly()
        // VACUUM INTO wants an empty or absent file; the empty one created above keeps its mode.
        // It runs its own read transaction, so it is given a connection outside one.
        do {
            try await writer.unsafeRead { db in
                try db.execute(sql: "VACUUM INTO ?", arguments: [path])
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }
}

/// A backup refused before anything was written.
public enum BackupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The target exists: a backup never overwrites a file.
    case exists(String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path) exists already; a backup never overwrites a file, give a new path"
        }
    }
}
