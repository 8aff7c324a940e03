import Foundation
import PMDomain
import PMStore
import PMTestSupport
import Testing

/// `kill -9` at any moment of an import leaves the database openable, with the import either
/// wholly there or not there at all (PRODUCT.md §3).
@Suite(.serialized) struct CrashTests {
    static let importedCount = 10_000
    static let killCount = 20
    static let sqlite3 = "/usr/bin/sqlite3"

    /// An export of `count` new projects, built from the store's own document type.
    static func writeBigExport(to path: String, count: Int = importedCount) throws {
        let device = UUID(uuidString: "eeeeeeee-0000-4000-8000-000000000000")!
        let deadline = try #require(Deadline(iso: "2026-12-01"))
        let operations = (0..<count).map { index in
            ProjectOperation(
                id: UUID.counted(UInt64(index) + 1), projectID: UUID.counted(0x1_0000_0000 + UInt64(index)),
                timestamp: HybridTimestamp(wallTime: 1_795_000_000_000 + Int64(index), counter: 0, device: device),
                fields: ProjectFields(
                    title: "Imported \(index)", description: "", deadline: deadline, status: .todo, deleted: false))
        }
        let document = ExportDocument(
            exportedAt: Date(timeIntervalSince1970: 1_795_000_000), projects: [], history: [], operations: operations)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    }

    /// Copies a database with its `-wal` file, if it has one.
    static func copyDatabase(_ source: String, to target: String) throws {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: target + suffix)
        }
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// How many projects and operations the file holds, read past pm: by sqlite3 after its
    /// integrity check where it is installed, else by the store.
    static func counts(_ pm: PMRunner, _ path: String, comment: Comment) throws -> (projects: Int, operations: Int) {
        guard FileManager.default.isExecutableFile(atPath: sqlite3) else {
            let database = try AppDatabase.open(path: path, environment: TestWorld(day: "2026-11-21").environment)
            return (try database.projects().count, try database.operations().count)
        }
        let sql = "PRAGMA integrity_check; SELECT count(*) FROM project; SELECT count(*) FROM operation;"
        let result = try pm.run([path, sql], executable: URL(fileURLWithPath: sqlite3))
        let lines = result.lines
        try #require(result.status == 0 && lines.count == 3, "sqlite3: \(result.stderr) \(comment)")
        #expect(lines[0] == "ok", "integrity check: \(lines[0]) \(comment)")
        return (Int(lines[1]) ?? -1, Int(lines[2]) ?? -1)
    }

    /// Into a board holding cards, the import writes through the WAL; into an empty board, more
    /// than `AppDatabase.bulkLoadCount` operations go through a rollback journal instead, which a
    /// kill leaves behind as a hot journal for the next opening to roll back.
    /// The file's journal mode, as the sqlite3 shell reads it (`wal` when it is not installed).
    static func journalMode(_ pm: PMRunner, _ path: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: sqlite3) else { return "wal" }
        return try pm.run([path, "PRAGMA journal_mode;"], executable: URL(fileURLWithPath: sqlite3)).lines.joined()
    }

    @Test(.timeLimit(.minutes(10)), arguments: [false, true])
    func killingAnImportAtAnyMomentLeavesWholeTransactions(intoAnEmptyBoard: Bool) throws {
        // Given a database holding a few projects (or none), and an export of 10,000 more (12,000)
        let pm = try PMRunner()
        if intoAnEmptyBoard {
            try pm.succeed(["list"])
        } else {
            for title in ["First", "Second", "Third"] {
                try pm.add(title)
            }
        }
        let importedCount = intoAnEmptyBoard ? 12_000 : Self.importedCount
        let base = try Self.counts(pm, pm.databasePath, comment: "base")
        try #require(base.projects == (intoAnEmptyBoard ? 0 : 3))
        let exportPath = pm.path("big.json")
        try Self.writeBigExport(to: exportPath, count: importedCount)

        // And the time one uninterrupted import takes
        let fullPath = pm.path("full.sqlite")
        try Self.copyDatabase(pm.databasePath, to: fullPath)
        let started = ContinuousClock.now
        try pm.succeed(["import", exportPath], environment: ["PM_DATABASE": fullPath])
        let elapsed = ContinuousClock.now - started
        let full = try Self.counts(pm, fullPath, comment: "full import")
        #expect(full.projects == base.projects + importedCount)
        #expect(full.operations == base.operations + importedCount)
        #expect(try Self.journalMode(pm, fullPath) == "wal", "the board is in the WAL again after the import")
        let duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18

        // When imports into copies of the base database are killed after random delays
        let seed =
            ProcessInfo.processInfo.environment["PM_CRASH_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        var beforeCommit = 0
        var afterCommit = 0
        var finishedFirst = 0
        var insideTransaction = 0
        for attempt in 1...Self.killCount {
            let path = pm.path("killed-\(attempt).sqlite")
            try Self.copyDatabase(pm.databasePath, to: path)
            // Half the kills aim at the end, where the transaction writes its pages (the import
            // keeps them in a large page cache and writes them all at commit).
            let window = attempt.isMultiple(of: 2) ? (0.6 * duration)...(1.05 * duration) : 0...duration
            let delay = Double.random(in: window, using: &generator)
            let comment: Comment = "seed \(seed) (PM_CRASH_SEED), kill \(attempt) after \(delay) s of \(duration) s"
            let running = try pm.start(["import", exportPath], environment: ["PM_DATABASE": path])
            usleep(UInt32(delay * 1_000_000))
            kill(running.process.processIdentifier, SIGKILL)
            running.process.waitUntilExit()
            if running.process.terminationReason == .exit { finishedFirst += 1 }
            // Frames left in the WAL of a database without the import, or a hot journal, mean
            // the kill tore the commit's write.
            let walAttributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
            let walSize = (walAttributes?[.size] as? NSNumber)?.intValue ?? 0
            let hotJournal = FileManager.default.fileExists(atPath: path + "-journal")

            // Then the database opens and holds the import wholly or not at all
            let listed = try pm.run(["list", "--json"], environment: ["PM_DATABASE": path])
            #expect(listed.status == 0, "pm list: \(listed.stderr) \(comment)")
            let visible = (try? listed.objects().count) ?? -1
            let stored = try Self.counts(pm, path, comment: comment)
            if stored.projects == base.projects {
                beforeCommit += 1
                if walSize > 0 || hotJournal { insideTransaction += 1 }
                #expect(stored.operations == base.operations, comment)
            } else {
                afterCommit += 1
                #expect(stored.projects == full.projects, comment)
                #expect(stored.operations == full.operations, comment)
            }
            #expect(visible == stored.projects, comment)
            // And it takes new changes
            let added = try pm.run(["add", "After the crash"], environment: ["PM_DATABASE": path])
            #expect(added.status == 0, "pm add: \(added.stderr) \(comment)")
            // in the WAL again, with no journal left
            #expect(try Self.journalMode(pm, path) == "wal", comment)
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"), comment)
            Self.removeDatabase(path)
        }
        print(
            "CrashTests: seed \(seed): import of \(importedCount) took \(duration) s; of \(Self.killCount) kills "
                + "\(beforeCommit) landed before commit (\(insideTransaction) while the commit was being written), "
                + "\(afterCommit) after (\(finishedFirst) of them after exit)")
    }
}
