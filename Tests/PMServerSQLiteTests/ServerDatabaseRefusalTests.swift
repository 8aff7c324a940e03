import Foundation
import GRDB
import Testing

@testable import PMServerSQLite

/// `pm-server` uses only its own database: a missing file is not silently a new server, another
/// program's file and a newer schema are refused untouched, and an upgrade keeps a copy of the
/// database from before it.
@Suite(.timeLimit(.minutes(1))) struct ServerDatabaseRefusalTests {
    @Test func aMistypedDatabaseIsRefusedByEveryCommandButTheFirstRunAndNotCreated() throws {
        // Given no database at the path
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }

        // When a backup, a token, a board or a password is asked of it
        let backup = try command.run(["backup", command.folder.appendingPathComponent("copy.sqlite").path])
        let token = try command.run(["token", "add", "ada"])
        let board = try command.run(["board", "add", "team"])

        // Then each is refused naming the path and how to make one, and no file was made
        for result in [backup, token, board] {
            #expect(result.status == 3)
            #expect(result.error.contains("no pm-server database at \(command.database)"))
        }
        #expect(!FileManager.default.fileExists(atPath: command.database))
        #expect(!FileManager.default.fileExists(atPath: command.folder.appendingPathComponent("copy.sqlite").path))
        // And the first run, user add, makes it
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: command.database))
    }

    @Test func anEmptyDatabaseOptionIsAUsageError() throws {
        let result = try ServerCommand().runWithout(database: ["user", "add", "ada", "--database", ""])

        #expect(result.status == 64)
        #expect(result.error.contains("--database must name a SQLite file or a PostgreSQL URL"))
    }

    @Test func aPMDatabaseIsRefusedUntouched() throws {
        // Given a device's pm database where the server's should be
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        try DatabaseQueue(path: command.database).write { db in
            try db.execute(sql: "CREATE TABLE device (id TEXT); CREATE TABLE undoStep (seq INTEGER)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: command.database))

        // When a user is added to it
        let result = try command.run(["user", "add", "ada"])

        // Then it is refused, saying what the file is, and not one byte changed
        #expect(result.status == 3)
        #expect(result.error.contains("is not a pm-server database: it is a pm database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: command.database)) == before)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedUntouched() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        try Data("보고서\n".utf8).write(to: URL(fileURLWithPath: command.database))

        let result = try command.run(["serve", "--port", "0"])

        #expect(result.status == 3)
        #expect(result.error.contains("is not a pm-server database: it is not a SQLite database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: command.database)) == Data("보고서\n".utf8))
    }

    @Test func aDatabaseANewerServerWroteIsRefusedUntouchedNamingBothVersions() throws {
        // Given a server database on which a newer pm-server applied a migration this one lacks
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        #expect(try command.run(["user", "add", "ada"]).status == 0)
        try DatabaseQueue(path: command.database).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: boards in folders')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: command.database))

        // When it is served, or a user added
        let served = try command.run(["serve", "--port", "0"])
        let added = try command.run(["user", "add", "bob"])

        // Then both are refused with the distinct status, naming both schemas, and nothing changed
        for result in [served, added] {
            #expect(result.status == 4)
            #expect(result.error.contains("was written by a newer pm-server"))
            #expect(result.error.contains("v99: boards in folders"))
            #expect(result.error.contains("knows up to \"\(SQLiteSyncRepository.migrator.migrations.last!)\""))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: command.database)) == before)
    }

    @Test func anUpgradeKeepsAPrivateCopyOfTheDatabaseFromBeforeIt() throws {
        // Given a database written by an older pm-server: every migration but the newest, and a user
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try FileManager.default.createDirectory(at: command.folder, withIntermediateDirectories: true)
        let migrations = SQLiteSyncRepository.migrator.migrations
        let older = try DatabaseQueue(path: command.database)
        try SQLiteSyncRepository.migrator.migrate(older, upTo: migrations[migrations.count - 2])
        try older.write { try $0.execute(sql: "INSERT INTO user (name) VALUES ('ada')") }
        try older.close()

        // When the new pm-server opens it
        let result = try command.run(["board", "add", "team", "--member", "ada"])

        // Then it is migrated and used, and the copy beside it holds the old schema, owner-only
        #expect(result.status == 0, "\(result.error)")
        let version = migrations.last!.split(separator: ":")[0]
        let copy = command.folder.appendingPathComponent("pm-server.before-\(version).sqlite").path
        let applied = try DatabaseQueue(path: copy).read {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied == Array(migrations.dropLast()))
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(result.error.contains(copy))
    }
}
