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
}
