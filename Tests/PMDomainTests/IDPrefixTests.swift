import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct IDPrefixTests {
    private let id = UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!

    @Test(arguments: ["abc", "ab-c", "", "a"])
    func prefixOfFewerThanFourHexDigitsIsRefused(text: String) {
        let error = violation { try IDPrefix(text) }

        #expect(error?.description == "id must be at least 4 hex digits, got \"\(text)\"")
        #expect(error?.field == "id")
        #expect(error?.rule == "idPrefixShort")
    }

    @Test(arguments: ["abcg", "xyz12345", "한글abcd", "abcd!", "ab cd"])
    func prefixWithAnythingButHexDigitsIsRefused(text: String) {
        let error = violation { try IDPrefix(text) }

        #expect(error?.description == "id must be hex digits (0-9, a-f), got \"\(text)\"")
        #expect(error?.rule == "idPrefixNotHex")
    }

    @Test func prefixIsReadInAnyCaseAndTrimmed() throws {
        let prefix = try IDPrefix("  ABCDef01 ")

        #expect(prefix.text == "abcdef01")
        #expect(prefix.description == "abcdef01")
        #expect(prefix.matches(id))
    }

    @Test func prefixWithItsHyphenMatches() throws {
        #expect(try IDPrefix("abcdef01-23").matches(id))
        #expect(try IDPrefix(id.uuidString).matches(id))
    }

    @Test func prefixOfAnotherIdDoesNotMatch() throws {
        #expect(try !IDPrefix("abce").matches(id))
        #expect(try !IDPrefix("bcde").matches(id))
    }

    @Test
    func acceptedPrefixIsOneThatCanMatch() throws {
        // Given "abcdef01" typed in fullwidth letters, as a Korean input method may produce
        let typed = "ａｂｃｄｅｆ０１"

        // Then it is either read as "abcdef01" or refused, never accepted to match nothing
        if let prefix = try? IDPrefix(typed) {
            #expect(prefix.matches(id))
        }
    }

    @Test func shortestPrefixOfALoneIdIsFourDigits() {
        #expect(IDPrefix.shortest(for: [id]) == [id: "abcd"])
        #expect(IDPrefix.shortest(for: [UUID]()).isEmpty)
    }

    @Test func shortestPrefixesGrowUntilTheyDiffer() {
        let a = UUID(uuidString: "abcd1000-0000-4000-8000-000000000000")!
        let b = UUID(uuidString: "abcd2000-0000-4000-8000-000000000000")!
        let c = UUID(uuidString: "1234abcd-0000-4000-8000-000000000000")!

        #expect(IDPrefix.shortest(for: [a, b, c]) == [a: "abcd1", b: "abcd2", c: "1234"])
    }

    @Test func shortestPrefixPastTheFirstGroupKeepsTheHyphen() {
        let a = UUID(uuidString: "abcdef01-1000-4000-8000-000000000000")!
        let b = UUID(uuidString: "abcdef01-2000-4000-8000-000000000000")!

        #expect(IDPrefix.shortest(for: [a, b]) == [a: "abcdef01-1", b: "abcdef01-2"])
    }

    @Test func countedTestIdsNeedTheirWholeText() {
        let shortest = IDPrefix.shortest(for: [UUID.counted(1), .counted(2)])

        #expect(shortest[.counted(1)] == "00000000-0000-4000-8000-000000000001")
    }

    @Test func eachShortestPrefixMatchesOnlyItsOwnIdAndIsAsShortAsThatAllows() throws {
        for seed in UInt64(0)..<100 {
            // Given random ids, half of the sets made of bytes 00 and 01 only, so they share long prefixes
            var random = SeededGenerator(seed: seed)
            let bytes: [UInt8]? = seed.isMultiple(of: 2) ? nil : [0x00, 0x01]
            let ids = Set(
                (0..<Int.random(in: 1...60, using: &random)).map { _ in randomUUID(using: &random, bytes: bytes) })

            let shortest = IDPrefix.shortest(for: ids)

            #expect(Set(shortest.keys) == ids, "seed \(seed)")
            for (id, text) in shortest {
                // Then the prefix is valid input that finds its id and no other
                let prefix = try IDPrefix(text)
                #expect(text.count(where: \.isHexDigit) >= IDPrefix.minimumDigits, "seed \(seed)")
                #expect(ids.filter(prefix.matches) == [id], "seed \(seed), \(text)")
                // And one digit fewer would be too short or would be ambiguous
                var shorter = String(text.dropLast())
                if shorter.hasSuffix("-") { shorter.removeLast() }
                if shorter.count >= IDPrefix.minimumDigits {
                    #expect(ids.count { $0.lowercased.hasPrefix(shorter) } > 1, "seed \(seed), \(text)")
                }
            }
        }
    }
}
