import Foundation
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
}
