import Testing

@testable import TerminalKit

@Suite struct DisplayWidthTests {
    @Test func eachHangulSyllableTakesTwoColumns() {
        #expect("한".displayWidth == 2)
        #expect("한글 제목".displayWidth == 9)
    }

    @Test func aZeroWidthJoinerEmojiTakesTwoColumns() {
        #expect("👩‍💻".count == 1)
        #expect("👩‍💻".displayWidth == 2)
        #expect("✅ done".displayWidth == 7)
    }

    @Test func combiningMarksTakeNoColumns() {
        #expect(Character("\u{301}").displayWidth == 0)
        #expect("cafe\u{301}".displayWidth == 4)
    }

    @Test func controlCharactersTakeNoColumns() {
        #expect("a\tb\u{1B}".displayWidth == 2)
    }

    @Test func truncatingNeverSplitsAWideCharacter() {
        #expect("한글날".truncated(toWidth: 5) == "한글…")
        #expect("한글날".truncated(toWidth: 4) == "한…")
        #expect("한글".truncated(toWidth: 4) == "한글")
    }

    @Test func paddingFillsToTheExactWidth() {
        #expect("한".padded(toWidth: 4) == "한  ")
        #expect("한글날".padded(toWidth: 4) == "한… ")
        #expect("한글날".padded(toWidth: 4).displayWidth == 4)
    }

    @Test func plainASCIITakesAColumnAByteAndDeleteNone() {
        #expect("Spec review 2".displayWidth == 13)
        #expect("".displayWidth == 0)
        #expect("a\u{7F}b".displayWidth == 2)
        #expect("tab\there".displayWidth == 7)
    }

    @Test func paddingPlainTextThatFitsOrOverflows() {
        #expect("Spec".padded(toWidth: 6) == "Spec  ")
        #expect("Spec".padded(toWidth: 4) == "Spec")
        #expect("Specification".padded(toWidth: 6) == "Speci…")
        #expect("Spec".padded(toWidth: 0) == "")
        #expect("".padded(toWidth: 0) == "")
    }

    @Test func countingByScalarsAgreesWithCountingByCharacters() {
        let samples = [
            "Spec review", "준비 Q3 업데이트 bug", "漢字と한글", "café", "cafe\u{301}", "한\u{11A8}", "👩‍💻 done",
            "✅ 출시", "a\tb", "\r\n", "ÿ¡", "\u{AD}x", "ｆｕｌｌ", "ｶﾀｶﾅ", "の\u{3099}",
        ]
        for text in samples {
            #expect(text.displayWidth == text.characterWidth, "\(text)")
        }
    }
}
