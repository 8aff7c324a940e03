import Foundation
import GRDB
public import PMServer

extension SQLiteSyncRepository: DatabaseHealthChecking {
    /// The file this repository opened is still the one at its path, and it answers a read. An
    /// open SQLite file keeps working after it is deleted or replaced, while every write would be
    /// lost with the last process holding it: that is a server to restart, not a healthy one.
    public func databaseProblem() async -> String? {
        if let file {
            guard let now = OpenedFile(path: file.path) else { return "the database file \(file.path) is gone" }
            guard now.inode == file.inode, now.device == file.device else {
                return "the database file \(file.path) was replaced since pm-server opened it; restart pm-server"
            }
        }
        do {
            _ = try await writer.read { try Int.fetchOne($0, sql: "SELECT 1") }
            return nil
        } catch {
            return "the database does not answer: \(error)"
        }
    }
}

/// The file a repository opened, as the file system names it, to see whether it is still there.
struct OpenedFile: Sendable {
    let path: String
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        // FileManager rather than stat(2): the struct's fields are not visible in every build
        // (the README's static release build, for one).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        else { return nil }
        self.path = path
        self.device = device
        self.inode = inode
    }
}
