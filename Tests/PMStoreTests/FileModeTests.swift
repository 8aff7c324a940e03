import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The database holds the sync token: what pm creates only its owner can read.
@Suite(.serialized) struct FileModeTests {
    let world = TestWorld(day: "2026-11-21")

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// Runs `body` with the usual umask, under which files are world-readable by default.
    static func withUmask022<T>(_ body: () throws -> T) rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try body()
    }

    @Test func aNewDatabaseItsWALAndItsFoldersAreOwnerOnlyUnderUmask022() throws {
        // Given a path whose two folders do not exist yet, and the umask 022
        let folder = try TemporaryFolder()
        let path = folder.file("data/projectmanager/projects.sqlite")

        // When the database is opened, for a long-running board, and a card added
        let database = try Self.withUmask022 {
            try AppDatabase.open(path: path, environment: world.environment, access: .concurrentReads)
        }
        _ = try database.add(
            ProjectFields(title: "Secret", description: "", deadline: nil, status: .todo, deleted: false))

        // Then the folders are 0700, and the file and its -wal and -shm 0600
        #expect(try Self.mode(folder.file("data")) == 0o700)
        #expect(try Self.mode(folder.file("data/projectmanager")) == 0o700)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(path + "-wal") == 0o600)
        #expect(try Self.mode(path + "-shm") == 0o600)
    }

    @Test func anExistingDatabaseKeepsTheModeItsOwnerChose() throws {
        // Given a database its owner made readable by the group
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        _ = try AppDatabase.open(path: path, environment: world.environment)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

        // When it is opened again
        _ = try AppDatabase.open(path: path, environment: world.environment)

        // Then its mode is unchanged
        #expect(try Self.mode(path) == 0o640)
    }
}
