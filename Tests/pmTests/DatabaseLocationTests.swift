import Foundation
import Testing

/// Which file pm uses, and which files it refuses to touch.
@Suite struct DatabaseLocationTests {
    static let sqlite3 = "/usr/bin/sqlite3"

    @Test func theDatabaseOptionWinsOverTheEnvironmentVariable() throws {
        // Given PM_DATABASE naming one file
        let pm = try PMRunner()
        let option = pm.path("option.sqlite")

        // When a card is added with --database naming another
        try pm.succeed(["add", "Via option", "--database", option])

        // Then the option's file holds it and PM_DATABASE's file was never created
        let fromOption = try pm.succeed(["list", "--json", "--database", option]).objects()
        #expect(fromOption.map { $0["title"] as? String } == ["Via option"])
        #expect(!FileManager.default.fileExists(atPath: pm.databasePath))
    }

    @Test func theEnvironmentVariableIsUsedWithoutTheOption() throws {
        // Given PM_DATABASE naming a file in a folder that does not exist yet
        let pm = try PMRunner()
        let path = pm.path("nested/folder/board.sqlite")

        // When a card is added
        try pm.succeed(["add", "Via variable"], environment: ["PM_DATABASE": path])

        // Then that file was created, folders and all, and holds the card
        #expect(FileManager.default.fileExists(atPath: path))
        let cards = try pm.succeed(["list", "--json", "--database", path]).objects()
        #expect(cards.map { $0["title"] as? String } == ["Via variable"])
    }

    @Test func theDefaultIsUnderXDGDataHome() throws {
        // Given no --database, no PM_DATABASE and XDG_DATA_HOME naming a folder not yet made
        let pm = try PMRunner()
        let xdg = pm.path("xdg-data")
        let noDatabase: [String: String?] = ["PM_DATABASE": nil, "XDG_DATA_HOME": xdg]

        // When a card is added and the board listed
        try pm.succeed(["add", "Default place"], environment: noDatabase)
        let cards = try pm.succeed(["list", "--json"], environment: noDatabase).objects()

        // Then the database is $XDG_DATA_HOME/projectmanager/projects.sqlite, created on first use
        #expect(FileManager.default.fileExists(atPath: xdg + "/projectmanager/projects.sqlite"))
        #expect(cards.map { $0["title"] as? String } == ["Default place"])
    }

    @Test func withoutXDGDataHomeTheDefaultIsUnderHome() throws {
        // Given neither PM_DATABASE nor XDG_DATA_HOME, and HOME set to a new folder
        let pm = try PMRunner()
        let home = pm.path("home")

        // When a card is added
        try pm.succeed(["add", "Home place"], environment: ["PM_DATABASE": nil, "XDG_DATA_HOME": nil, "HOME": home])

        // Then the database is ~/.local/share/projectmanager/projects.sqlite
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/projectmanager/projects.sqlite"))
    }

    @Test(arguments: [["list"], ["add", "Intruder"], ["export"], ["undo"]])
    func aTextFileIsRefusedAndLeftAlone(arguments: [String]) throws {
        // Given PM_DATABASE naming a text file
        let pm = try PMRunner()
        try Data("Dear diary,\nthis is not a database.\n".utf8).write(to: URL(fileURLWithPath: pm.databasePath))
        let before = DatabaseFiles(pm.databasePath)

        // When pm is run on it
        let result = try pm.run(arguments)

        // Then it exits 3, says why, and the file is byte-for-byte unchanged with no files beside it
        #expect(result.status == 3)
        #expect(result.stderr.contains("is not a Project Manager database"), "\(result.stderr)")
        #expect(DatabaseFiles(pm.databasePath) == before)
        #expect(before.wal == nil && before.shm == nil)
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: sqlite3)),
        arguments: [["list"], ["add", "Intruder"], ["import", "-"]])
    func aForeignSQLiteDatabaseIsRefusedAndLeftAlone(arguments: [String]) throws {
        // Given PM_DATABASE naming another program's SQLite database
        let pm = try PMRunner()
        let made = try pm.run(
            [pm.databasePath, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');"],
            executable: URL(fileURLWithPath: Self.sqlite3))
        try #require(made.status == 0, "\(made.stderr)")
        let before = DatabaseFiles(pm.databasePath)

        // When pm is run on it
        let result = try pm.run(arguments, stdin: try HandWrittenExport.json([]))

        // Then it exits 3, says why, and the file is byte-for-byte unchanged
        #expect(result.status == 3)
        #expect(result.stderr.contains("is not a Project Manager database"), "\(result.stderr)")
        #expect(DatabaseFiles(pm.databasePath) == before)
    }

    @Test func aFolderIsRefused() throws {
        // Given PM_DATABASE naming a folder
        let pm = try PMRunner()
        try FileManager.default.createDirectory(atPath: pm.databasePath, withIntermediateDirectories: true)

        // When pm lists the board
        let result = try pm.run(["list"])

        // Then it exits 3 and says it is a folder
        #expect(result.status == 3)
        #expect(result.stderr.contains("folder"), "\(result.stderr)")
    }
}
