import Testing

@testable import TerminalKit

@Suite struct CellBufferTests {
    @Test func koreanTitleInsideABoxNeverBreaksTheRightBorder() {
        var buffer = CellBuffer(width: 10, height: 3)
        buffer.drawBox(x: 0, y: 0, width: 10, height: 3)

        let used = buffer.write("한글 제목입니다", x: 1, y: 1, maxWidth: 8)

        #expect(used == 8)
        #expect(
            buffer.lines == [
                "┌────────┐",
                "│한글 제 │",
                "└────────┘",
            ])
    }

    @Test func aLongBoxTitleIsCutBeforeTheCorner() {
        var buffer = CellBuffer(width: 12, height: 3)

        buffer.drawBox(x: 0, y: 0, width: 12, height: 3, title: "할 일 목록")

        #expect(
            buffer.lines == [
                "┌ 할 일 … ─┐",
                "│          │",
                "└──────────┘",
            ])
    }

    @Test func anEmojiTakesTwoCellsAndAppearsOnceInTheLine() {
        var buffer = CellBuffer(width: 5, height: 1)

        let used = buffer.write("👩‍💻ok", x: 0, y: 0)

        #expect(used == 4)
        #expect(buffer.lines == ["👩‍💻ok "])
        #expect(buffer[x: 1, y: 0].isContinuation)
    }

    @Test func aWideCharacterAtTheRightEdgeLeavesASpace() {
        var buffer = CellBuffer(width: 5, height: 2)
        buffer.fill(x: 0, y: 0, width: 5, height: 2, style: Style(reverse: true))

        let first = buffer.write("abcd한", x: 0, y: 0)
        let second = buffer.write("한글", x: 4, y: 1)

        #expect(first == 5)
        #expect(second == 1)
        #expect(buffer.lines == ["abcd ", "     "])
        #expect(buffer[x: 4, y: 0] == Cell(" "))
    }

    @Test func writingNeverGoesPastMaxWidth() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.write("........", x: 0, y: 0)

        let used = buffer.write("한글한글", x: 1, y: 0, maxWidth: 3)

        #expect(used == 3)
        #expect(buffer.lines == [".한 ...."])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var left = CellBuffer(width: 6, height: 1)
        left.write("한글", x: 0, y: 0)
        var right = left

        left.write("x", x: 1, y: 0)
        right.write("y", x: 2, y: 0)

        #expect(left.lines == [" x글  "])
        #expect(right.lines == ["한y   "])
    }

    @Test func controlCharactersAreDropped() {
        var buffer = CellBuffer(width: 5, height: 1)

        let used = buffer.write("a\tb\u{7}c\r\n", x: 0, y: 0)

        #expect(used == 3)
        #expect(buffer.lines == ["abc  "])
    }

    @Test func writesOutsideTheBufferChangeNothing() {
        var buffer = CellBuffer(width: 4, height: 1)

        let below = buffer.write("ab", x: 0, y: 1)
        let right = buffer.write("ab", x: 4, y: 0)
        let none = buffer.write("ab", x: 0, y: 0, maxWidth: 0)

        #expect([below, right, none] == [0, 0, 0])
        #expect(buffer == CellBuffer(width: 4, height: 1))
    }

    @Test func textStartingLeftOfTheBufferIsClipped() {
        var buffer = CellBuffer(width: 4, height: 1)

        buffer.write("한글ab", x: -3, y: 0)

        #expect(buffer.lines == [" ab "])
    }

    @Test func fillPaintsOnlyTheClippedRectangle() {
        var buffer = CellBuffer(width: 4, height: 3)
        let selected = Style(foreground: .black, background: .cyan)

        buffer.fill(x: 2, y: 1, width: 5, height: 1, style: selected)

        #expect(buffer[x: 1, y: 1].style == .plain)
        #expect(buffer[x: 2, y: 1].style == selected)
        #expect(buffer[x: 3, y: 1].style == selected)
        #expect(buffer[x: 2, y: 2].style == .plain)
    }

    @Test func aHorizontalLineSplitsABox() {
        var buffer = CellBuffer(width: 6, height: 4)
        buffer.drawBox(x: 0, y: 0, width: 6, height: 4, title: "TODO")

        buffer.drawHorizontalLine(x: 1, y: 2, width: 4)

        #expect(buffer.lines == ["┌ T… ┐", "│    │", "│────│", "└────┘"])
    }
}
