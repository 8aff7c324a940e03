import Foundation
import PMServer
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's SQLite file holds every token's hash: it is created owner-only, and set up
/// safely by any number of `pm-server` processes starting on it at once.
@Suite struct SQLiteFileTests {
    @Test func aNewDatabaseItsWALAndItsFolderAreOwnerOnlyUnderUmask022() async throws {
        // Given a path whose folder does not exist yet, and the usual umask 022
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-server-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("data/pm-server.sqlite").path
        let previous = umask(0o022)

        // When the server opens it and stores a user
        let repository = try SQLiteSyncRepository.open(path: path)
        umask(previous)
        try await repository.addUser(name: "ada")

        // Then the folders are 0700, and the file and its -wal 0600
        #expect(try Self.mode(folder.path) == 0o700)
        #expect(try Self.mode(folder.path + "/data") == 0o700)
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(path + "-wal") == 0o600)
    }

    @Test func simultaneousCommandsOnANewFileAllLand() async throws {
        for round in 1...3 {
            // Given a database file and folder that do not exist yet
            let command = ServerCommand()
            defer { try? FileManager.default.removeItem(at: command.folder) }

            // When six `pm-server user add` start on it at once
            let running = try (1...6).map { number in
                let process = Process()
                process.executableURL = ServerCommand.binary
                process.arguments = ["user", "add", "user\(number)", "--database", command.database]
                let output = Pipe()
                let error = Pipe()
                process.standardOutput = output
                process.standardError = error
                try process.run()
                return (process, output, error)
            }
            let results = running.map { process, output, error in
                let out = output.fileHandleForReading.readDataToEndOfFile()
                let err = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return ServerCommand.Result(
                    status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                    error: String(decoding: err, as: UTF8.self))
            }

            // Then every one succeeded, and every token it printed signs its user in
            for result in results {
                #expect(result.status == 0, "round \(round): \(result.error)")
            }
            let repository = try SQLiteSyncRepository.open(path: command.database)
            for result in results where result.status == 0 {
                let token = AccessToken(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
                #expect(try await repository.tokens(prefix: token.prefix).contains(where: token.matches))
            }
        }
    }

    @Test func aCommandWaitsForALockHeldAMomentOnItsFile() throws {
        // Given a database that another program holds locked, readers included
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        let lock = try HeldDatabaseLock(path: command.database)
        #expect(HeldDatabaseLock.refusesAtOnce(path: command.database))

        // When `pm-server user add` starts on it, and the lock is let go a second later
        lock.release(after: 1)
        let result = try command.run(["user", "add", "grace"])

        // Then it waited for the lock rather than report it, and added the user
        #expect(result.status == 0, "\(result.error)")
        #expect(try command.run(["user", "list"]).output.contains("grace"))
    }

    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
