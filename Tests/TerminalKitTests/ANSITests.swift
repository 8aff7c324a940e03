import Testing

@testable import TerminalKit

@Suite struct ANSITests {
    @Test func movesConvertZeroBasedCellsToOneBasedRowsAndColumns() {
        #expect(ANSI.move(x: 0, y: 0) == "\u{1B}[H")
        #expect(ANSI.move(x: 0, y: 4) == "\u{1B}[5H")
        #expect(ANSI.move(x: 9, y: 4) == "\u{1B}[5;10H")
    }

    @Test func aFullSGRStartsFromAReset() {
        #expect(ANSI.sgr(.plain) == "\u{1B}[0m")
        #expect(ANSI.sgr(Style(foreground: .red, background: .brightBlack, bold: true)) == "\u{1B}[0;1;31;100m")
        #expect(ANSI.sgr(Style(foreground: .indexed(245))) == "\u{1B}[0;38;5;245m")
    }

    @Test func aStyleTransitionSendsOnlyWhatChanged() {
        let bold = Style(bold: true)
        let boldRed = Style(foreground: .red, bold: true)

        #expect(ANSI.sgr(from: .plain, to: bold) == "\u{1B}[1m")
        #expect(ANSI.sgr(from: bold, to: boldRed) == "\u{1B}[31m")
        #expect(ANSI.sgr(from: boldRed, to: boldRed) == "")
    }

    @Test func droppingBoldKeepsDimBecauseTheyShareAnOffCode() {
        let both = Style(bold: true, dim: true, underline: true)

        #expect(ANSI.sgr(from: both, to: Style(dim: true, underline: true)) == "\u{1B}[22;2m")
    }

    @Test func aTransitionToPlainIsAReset() {
        #expect(ANSI.sgr(from: Style(foreground: .green, bold: true, reverse: true), to: .plain) == "\u{1B}[0m")
    }

    @Test func styledTextSwitchesTheStyleOnAndResetsAfterIt() {
        #expect(ANSI.styled("late", Style(foreground: .red)) == "\u{1B}[31mlate\u{1B}[0m")
        #expect(ANSI.styled("TODO", Style(bold: true)) == "\u{1B}[1mTODO\u{1B}[0m")
        #expect(ANSI.styled("note", Style(dim: true)) == "\u{1B}[2mnote\u{1B}[0m")
    }
}
