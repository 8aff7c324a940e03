import Foundation
import Testing

/// Ids are typed as unique prefixes of at least 4 hex digits, like git.
@Suite struct IDPrefixTests {
    static let alpha = "1234aaaa-0000-4000-8000-000000000001"
    static let bravo = "1234bbbb-0000-4000-8000-000000000002"

    /// A board holding two cards whose ids share the prefix `1234`.
    static func boardWithTwinPrefixes() throws -> PMRunner {
        let pm = try PMRunner()
        try HandWrittenExport.write(
            [.init(id: alpha, title: "Alpha"), .init(id: bravo, title: "Bravo")], to: pm.path("twins.json"))
        try pm.succeed(["import", pm.path("twins.json")])
        return pm
    }

    @Test func aPrefixOfFourHexDigitsFindsTheCard() throws {
        // Given one card
        let pm = try PMRunner()
        let card = try pm.add("Only card")

        // When it is shown by its first four digits, in upper case too, and by its full id
        let short = try pm.run(["show", String(card.id.prefix(4)), "--json"])
        let upper = try pm.run(["show", card.id.prefix(6).uppercased(), "--json"])
        let full = try pm.run(["show", card.id, "--json"])

        // Then each finds it
        for result in [short, upper, full] {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try result.object()["id"] as? String == card.id)
        }
    }

    @Test(arguments: ["show", "edit", "move", "delete"])
    func aPrefixShorterThanFourDigitsIsRefused(command: String) throws {
        // Given one card
        let pm = try PMRunner()
        let card = try pm.add("Only card")
        let before = DatabaseFiles(pm.databasePath)

        // When it is named by three digits
        var arguments = [command, String(card.id.prefix(3))]
        if command == "edit" { arguments += ["--title", "New"] }
        if command == "move" { arguments += ["doing"] }
        let result = try pm.run(arguments)

        // Then the command is refused with the rule, and nothing changes
        #expect(result.status == 1)
        #expect(result.stderr.contains("at least 4 hex digits"), "\(result.stderr)")
        #expect(DatabaseFiles(pm.databasePath) == before)
    }

    @Test(arguments: ["show", "edit", "move", "delete", "history"])
    func anAmbiguousPrefixListsTheCandidates(command: String) throws {
        // Given two cards whose ids both start with 1234
        let pm = try Self.boardWithTwinPrefixes()
        let before = try pm.cards()

        // When a command names 1234
        let arguments: [String] =
            switch command {
            case "edit": ["edit", "1234", "--title", "New"]
            case "move": ["move", "1234", "done"]
            case "history": ["history", "--project", "1234"]
            default: [command, "1234"]
            }
        let result = try pm.run(arguments)

        // Then it exits 2 naming both candidates, and nothing changes
        #expect(result.status == 2)
        #expect(result.stderr.contains("ambiguous"), "\(result.stderr)")
        #expect(result.stderr.contains(Self.alpha) && result.stderr.contains(Self.bravo), "\(result.stderr)")
        #expect(try pm.cards() == before)
    }

    @Test func aLongerPrefixResolvesWhatFourDigitsCannot() throws {
        // Given two cards whose ids both start with 1234
        let pm = try Self.boardWithTwinPrefixes()

        // When the board is listed and a card is moved by five digits
        let lines = try pm.succeed(["list"]).lines
        try pm.succeed(["move", "1234b", "doing"])

        // Then the list shows each card by its shortest unique prefix, and the move hit Bravo
        #expect(lines.contains { $0.hasPrefix("  1234a ") && $0.contains("Alpha") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  1234b ") && $0.contains("Bravo") }, "\(lines)")
        #expect(try pm.card(Self.bravo)?.status == "doing")
        #expect(try pm.card(Self.alpha)?.status == "todo")
    }

    @Test(arguments: ["show", "edit", "move", "delete"])
    func anUnknownIDIsNotFound(command: String) throws {
        // Given a board whose cards start with 1234
        let pm = try Self.boardWithTwinPrefixes()
        let before = try pm.cards()

        // When a command names an id that no card has
        var arguments = [command, "ffff0000"]
        if command == "edit" { arguments += ["--title", "New"] }
        if command == "move" { arguments += ["doing"] }
        let result = try pm.run(arguments)

        // Then it exits 2 and says so, and nothing changes
        #expect(result.status == 2)
        #expect(result.stderr.contains("ffff0000"), "\(result.stderr)")
        #expect(try pm.cards() == before)
    }

    @Test func aDeletedCardIsNotFoundByItsId() throws {
        // Given a card that was deleted
        let pm = try PMRunner()
        let card = try pm.add("Gone soon")
        try pm.succeed(["delete", card.id])

        // When it is shown
        let result = try pm.run(["show", card.id])

        // Then it is not found
        #expect(result.status == 2)
    }
}
