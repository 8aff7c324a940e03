import TerminalKit
import Testing

@Suite struct TerminalTextTests {
    @Test func controlCharactersAreShownByCodePointNotObeyed() {
        // Given a title that would retitle the window, clear the screen and write the clipboard
        let title = "\u{1B}]0;HACKED\u{07}\u{1B}[2J\u{1B}]52;c;aGk=\u{07}제목\u{9B}\u{7F}\u{0}"

        // When it is made printable
        let shown = TerminalText.printable(title)

        // Then no control character is left, and each is named where it stood
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(shown == "<U+001B>]0;HACKED<U+0007><U+001B>[2J<U+001B>]52;c;aGk=<U+0007>제목<U+009B><U+007F><U+0000>")
    }

    @Test func lineFeedsTabsAndPlainTextPassUnchanged() {
        #expect(TerminalText.printable("첫 줄\t끝\n둘째 줄 👩‍💻 ©") == "첫 줄\t끝\n둘째 줄 👩‍💻 ©")
    }

    @Test func stylesPassOnlyWhenKeptAndNothingElseWithThem() {
        // Given red text beside a screen clear
        let text = "\u{1B}[31m2026-11-20\u{1B}[0m \u{1B}[2J\u{1B}[31;1"

        // Then kept styles pass, the clear and an unfinished style do not
        #expect(
            TerminalText.printable(text, keepingStyles: true)
                == "\u{1B}[31m2026-11-20\u{1B}[0m <U+001B>[2J<U+001B>[31;1")
        // And without styles kept, every escape is shown
        #expect(TerminalText.printable(text) == "<U+001B>[31m2026-11-20<U+001B>[0m <U+001B>[2J<U+001B>[31;1")
    }
}
