import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

@Suite struct OpeningTests {
    let world = TestWorld(day: "2026-11-21")

    @Test func openingCreatesTheFolderAndTheDatabaseOnFirstUse() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/projects.sqlite")

        let database = try AppDatabase.open(path: path, environment: world.environment)

        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try database.projects().isEmpty)
    }

    @Test func theDeviceIdIsChosenOnceAndKeptAcrossOpenings() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        let first = try AppDatabase.open(path: path, environment: world.environment).deviceID()

        let second = try AppDatabase.open(path: path, environment: world.environment).deviceID()

        #expect(first == second)
    }

    @Test func aTextFileIsRefusedAndLeftByteForByteTheSame() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = try folder.snapshot("notes.txt")

        let error = #expect(throws: StoreError.self) {
            try AppDatabase.open(path: path, environment: world.environment)
        }

        #expect(error?.kind == .database)
        #expect(error?.description.contains("is not a Project Manager database") == true)
        #expect(try folder.snapshot("notes.txt") == before)
    }

    @Test func aForeignSQLiteDatabaseIsRefusedAndLeftByteForByteTheSame() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("other.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('kimchi')")
        }
        try other.close()
        let before = try folder.snapshot("other.sqlite")

        let error = #expect(throws: StoreError.self) {
            try AppDatabase.open(path: path, environment: world.environment)
        }

        #expect(error?.kind == .database)
        #expect(try folder.snapshot("other.sqlite") == before)
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        _ = try AppDatabase.open(path: path, environment: world.environment)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        try queue.close()

        let error = #expect(throws: StoreError.self) {
            try AppDatabase.open(path: path, environment: world.environment)
        }

        #expect(error?.description.contains("newer version") == true)
        // Both versions are named: what the file has, and what this pm knows up to.
        #expect(error?.description.contains("\"v99: from the future\"") == true)
        #expect(error?.description.contains("pm \(ProductVersion.current) knows up to \"v") == true)
    }

    @Test func aDamagedDatabaseGivesAClearErrorInsteadOfACrash() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        let database = try AppDatabase.open(path: path, environment: world.environment)
        for index in 0..<300 {
            _ = try database.add(
                ProjectFields(
                    title: "Card \(index)", description: String(repeating: "x", count: 500),
                    deadline: world.environment.today, status: .todo, deleted: false))
        }
        try (database.writer as? DatabasePool)?.close()
        // Scribble over everything past the first page, keeping the header ours.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64 * 4096))
        try handle.close()

        let error = #expect(throws: StoreError.self) {
            let reopened = try AppDatabase.open(path: path, environment: world.environment)
            _ = try reopened.projects()
        }

        #expect(error?.kind == .database)
        #expect(error?.description.contains("damaged") == true || error?.description.contains("cannot open") == true)
    }

    @Test func theLocationFollowsOptionThenEnvironmentThenXDG() {
        #expect(DatabaseLocation.path(option: "/x/db.sqlite", environment: ["PM_DATABASE": "/y"]) == "/x/db.sqlite")
        #expect(DatabaseLocation.path(option: nil, environment: ["PM_DATABASE": "/y/db"]) == "/y/db")
        #expect(
            DatabaseLocation.path(option: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/projectmanager/projects.sqlite")
        #expect(
            DatabaseLocation.path(option: nil, environment: ["HOME": "/home/u"])
                == "/home/u/.local/share/projectmanager/projects.sqlite")
    }
}
