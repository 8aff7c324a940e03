import Foundation
import GRDB
public import PMServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteSyncRepository: DatabaseHealthChecking {
    /// The file this repository opened is still the one at its path, and it answers a read. An
    /// open SQLite file keeps working after it is deleted or replaced, while every write would be
    /// lost with the last process holding it: that is a server to restart, not a healthy one.
    public func databaseProblem() async -> String? {
        if let file {
            var now = stat()
            guard stat(file.path, &now) == 0 else { return "the database file \(file.path) is gone" }
            guard UInt64(now.st_ino) == file.inode, UInt64(now.st_dev) == file.device else {
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
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
