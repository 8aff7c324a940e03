import Foundation
import PMTestSupport
import Testing

/// Several pm processes on one database at once, as scripts and the board will run them.
@Suite struct ConcurrencyTests {
    @Test func simultaneousAddsAllLand() throws {
        // Given a board with one card
        let pm = try PMRunner()
        try pm.add("Existing")

        // When eight processes add a card each at the same time
        let running = try (1...8).map { try pm.start(["add", "Parallel \($0)"]) }
        for process in running {
            process.process.waitUntilExit()
        }

        // Then every one succeeded, and the board holds all nine cards
        for process in running {
            let result = try process.result()
            #expect(result.status == 0, "\(result.stderr)")
        }
        let titles = Set(try pm.cards().map(\.title))
        #expect(titles == Set(["Existing"] + (1...8).map { "Parallel \($0)" }))
        #expect(try pm.history().count == 9)
    }

    @Test func simultaneousFirstUsesAllLand() throws {
        let pm = try PMRunner()
        for round in 1...4 {
            // Given a database path whose folder does not exist yet
            let path = pm.path("round-\(round)/data/projects.sqlite")

            // When eight processes add a card each to it at the same time
            let running = try (1...8).map {
                try pm.start(["add", "First \($0)"], environment: ["PM_DATABASE": path])
            }
            for process in running {
                process.process.waitUntilExit()
            }

            // Then every one succeeded (none ran the first migration over another's), and the
            // board holds all eight cards
            for process in running {
                let result = try process.result()
                #expect(result.status == 0, "round \(round): \(result.stderr)")
            }
            let cards = try pm.succeed(["list", "--json", "--database", path]).objects()
            #expect(Set(cards.compactMap { $0["title"] as? String }) == Set((1...8).map { "First \($0)" }))
        }
    }

    @Test func aReadAndAWriteWaitForALockHeldAMoment() throws {
        // Given a board whose file another program holds locked, with a change of its own still
        // in the log, so a read cannot take the main file alone
        let pm = try PMRunner()
        try pm.add("Existing")
        for command in [["list"], ["add", "Written while locked"]] {
            let lock = try HeldDatabaseLock(path: pm.databasePath, leavingChangesInTheLog: true)
            #expect(HeldDatabaseLock.refusesAtOnce(path: pm.databasePath))

            // When a command starts on it, and the lock is let go a second later
            lock.release(after: 1)
            let result = try pm.run(command)

            // Then it waited for the lock rather than report the file busy
            #expect(result.status == 0, "pm \(command.joined(separator: " ")): \(result.stderr)")
            if command == ["list"] { #expect(result.stdout.contains("Existing")) }
        }
        #expect(Set(try pm.cards().map(\.title)) == ["Existing", "Written while locked"])
    }
}
