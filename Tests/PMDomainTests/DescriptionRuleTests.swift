import PMDomain
import Testing

@Suite struct DescriptionRuleTests {
    @Test func emptyDescriptionIsAccepted() throws {
        #expect(try ProjectRules.description("") == "")
    }

    @Test func descriptionOf1000KoreanCharactersIsAccepted() throws {
        let text = String(repeating: "글", count: 1000)

        #expect(try ProjectRules.description(text) == text)
    }

    @Test func descriptionOf1001CharactersIsRefusedNamingTheRule() {
        let text = String(repeating: "글", count: 1001)

        let error = violation { try ProjectRules.description(text) }

        #expect(error?.description == "description must be at most 1000 characters, got 1001")
        #expect(error?.field == "description")
        #expect(error?.rule == "descriptionLength")
    }

    @Test func emojiInADescriptionCountOneEach() {
        let text = String(repeating: "👩‍💻", count: 1000)

        #expect(violation { try ProjectRules.description(text) } == nil)
        #expect(
            violation { try ProjectRules.description(text + "👩‍💻") }?.description
                == "description must be at most 1000 characters, got 1001")
    }

    @Test func innerNewlinesAndBlankLinesAreKept() throws {
        let text = "첫 줄\n\n  - 둘째 줄\r\n끝"

        #expect(try ProjectRules.description(text) == text)
    }

    @Test func surroundingBlankLinesAndSpacesAreTrimmed() throws {
        // Given a description pasted with blank lines and spaces around it
        let typed = "\n\n  첫 줄\n  둘째 줄  \n\n"

        // Then the outer whitespace goes, the indentation of inner lines stays
        #expect(try ProjectRules.description(typed) == "첫 줄\n  둘째 줄")
    }

    @Test func limitIsCountedAfterTrimming() throws {
        let text = String(repeating: "a", count: 1000)

        #expect(try ProjectRules.description("\n" + text + "   ") == text)
    }
}
