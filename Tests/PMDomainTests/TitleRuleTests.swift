import Foundation
import PMDomain
import Testing

@Suite struct TitleRuleTests {
    @Test func titleIsTrimmedOfSurroundingSpacesTabsAndNewlines() throws {
        // Given a title typed with spaces, a tab and newlines around it
        let typed = "\n  Write spec \t\n"

        // When it is checked
        let stored = try ProjectRules.title(typed)

        // Then only the words are kept, inner spaces included
        #expect(stored == "Write spec")
        #expect(try ProjectRules.title(" 스펙  작성 ") == "스펙  작성")
    }

    @Test func ideographicSpaceAroundAKoreanTitleIsTrimmed() throws {
        #expect(try ProjectRules.title("\u{3000}배포 준비\u{3000}") == "배포 준비")
    }

    @Test(arguments: ["Write\nspec", "Write\r\nspec", "첫 줄\n둘째 줄", "a\u{2028}b"])
    func titleWithALineBreakInsideIsRefusedAsNotOneLine(typed: String) {
        let error = violation { try ProjectRules.title(typed) }

        #expect(error?.description == "title must be one line")
        #expect(error?.rule == "titleMultiline")
    }

    @Test(arguments: ["", "   ", "\t\n", "\u{3000}"])
    func emptyOrBlankTitleIsRefusedCountingZero(typed: String) {
        let error = violation { try ProjectRules.title(typed) }

        #expect(error?.description == "title must be 1–100 characters, got 0")
    }

    @Test func titleOf100KoreanSyllablesIsAccepted() throws {
        // Given 100 syllables: 100 characters, though 300 bytes of UTF-8
        let title = String(repeating: "한", count: 100)

        #expect(try ProjectRules.title(title) == title)
    }

    @Test func titleOf101KoreanSyllablesIsRefusedNamingTheRule() {
        let title = String(repeating: "글", count: 101)

        let error = violation { try ProjectRules.title(title) }

        #expect(error?.description == "title must be 1–100 characters, got 101")
        #expect(error?.field == "title")
    }

    @Test func hangulWordCountsOneCharacterPerSyllable() {
        // "한글" is 2: fifty of them fill the limit, one more syllable breaks it
        let fifty = String(repeating: "한글", count: 50)

        #expect(violation { try ProjectRules.title(fifty) } == nil)
        #expect(
            violation { try ProjectRules.title(fifty + "!") }?.description == "title must be 1–100 characters, got 101")
    }

    @Test func decomposedHangulCountsLikeComposedHangul() {
        // Given Korean typed as jamo sequences (NFD), as some systems store it: 3 scalars a syllable
        let syllables = String(repeating: "한", count: 100).decomposedStringWithCanonicalMapping
        #expect(syllables.unicodeScalars.count == 300)

        // Then it is still 100 characters, and 101 is still refused
        #expect(violation { try ProjectRules.title(syllables) } == nil)
        let longer = syllables + "한".decomposedStringWithCanonicalMapping
        #expect(violation { try ProjectRules.title(longer) }?.description == "title must be 1–100 characters, got 101")
    }

    @Test func emojiSequenceCountsAsOneCharacter() {
        // "👩‍💻" is three scalars joined, "🇰🇷" two, "é" written as e + accent two: each one character
        for glyph in ["👩‍💻", "🇰🇷", "e\u{301}"] {
            #expect(violation { try ProjectRules.title(String(repeating: glyph, count: 100)) } == nil, "\(glyph)")
            let error = violation { try ProjectRules.title(String(repeating: glyph, count: 101)) }
            #expect(error?.description == "title must be 1–100 characters, got 101", "\(glyph)")
        }
    }

    @Test func limitIsCountedAfterTrimming() throws {
        // Given 100 characters padded with spaces to 104
        let title = "  " + String(repeating: "a", count: 100) + "  "

        #expect(try ProjectRules.title(title) == String(repeating: "a", count: 100))
    }

    @Test func titleOfOneCharacterIsAccepted() throws {
        #expect(try ProjectRules.title("🚀") == "🚀")
    }
}
