import Testing

@testable import TerminalKit

@Suite struct RendererTests {
    private func frame(width: Int, height: Int, _ texts: [(String, x: Int, y: Int, style: Style)]) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        for text in texts {
            buffer.write(text.0, x: text.x, y: text.y, style: text.style)
        }
        return buffer
    }

    @Test func theFirstFrameClearsAndDrawsEverything() {
        var renderer = Renderer()
        let first = frame(width: 10, height: 2, [("hello", 0, 0, .plain), ("world", 2, 1, .plain)])

        let output = renderer.render(first)

        #expect(output.hasPrefix(ANSI.resetStyle + ANSI.clearScreen))
        #expect(output.contains("hello"))
        #expect(output.contains("world"))
        var screen = TerminalScreen(size: first.size)
        screen.apply(output)
        #expect(screen.lines == ["hello     ", "  world   "])
    }

    @Test func theSecondFrameSendsOnlyTheChangedCells() {
        var renderer = Renderer()
        _ = renderer.render(frame(width: 10, height: 2, [("hello", 0, 0, .plain), ("world", 2, 1, .plain)]))

        let output = renderer.render(frame(width: 10, height: 2, [("hello", 0, 0, .plain), ("there", 2, 1, .plain)]))

        #expect(output.contains("there"))
        #expect(!output.contains("hello"))
        #expect(!output.contains(ANSI.clearScreen))
        // The cursor is just after "world", so five columns left is shorter than an absolute move.
        #expect(output == "\u{1B}[5Dthere")
    }

    @Test func anUnchangedFrameSendsNothing() {
        var renderer = Renderer()
        let buffer = frame(width: 4, height: 1, [("same", 0, 0, .plain)])
        _ = renderer.render(buffer)

        #expect(renderer.render(buffer) == "")
    }

    @Test func aShortUnchangedGapIsReprintedInsteadOfMovingTheCursor() {
        var renderer = Renderer()
        _ = renderer.render(frame(width: 8, height: 1, [("abcdef", 0, 0, .plain)]))

        let output = renderer.render(frame(width: 8, height: 1, [("aXcYef", 0, 0, .plain)]))

        #expect(output == "\u{1B}[5DXcY")
    }

    @Test func aStyleChangeSendsOnlyTheAttributeThatChanged() {
        var renderer = Renderer()
        _ = renderer.render(frame(width: 2, height: 1, [("ab", 0, 0, .plain)]))

        let output = renderer.render(frame(width: 2, height: 1, [("ab", 0, 0, Style(bold: true))]))

        #expect(output == ANSI.home + "\u{1B}[1mab")
    }

    @Test func aSizeChangeRedrawsInFull() {
        var renderer = Renderer()
        _ = renderer.render(frame(width: 4, height: 1, [("abcd", 0, 0, .plain)]))

        let output = renderer.render(frame(width: 5, height: 1, [("abcd", 0, 0, .plain)]))

        #expect(output == ANSI.resetStyle + ANSI.clearScreen + ANSI.home + "abcd")
    }

    @Test func invalidatingRedrawsInFull() {
        var renderer = Renderer()
        let buffer = frame(width: 4, height: 1, [("abcd", 0, 0, .plain)])
        _ = renderer.render(buffer)

        renderer.invalidate()

        #expect(renderer.render(buffer) == ANSI.resetStyle + ANSI.clearScreen + ANSI.home + "abcd")
    }

    @Test func replacingAWideCharacterLeavesNoHalfOnScreen() {
        var renderer = Renderer()
        var screen = TerminalScreen(size: TerminalSize(width: 6, height: 1))
        screen.apply(renderer.render(frame(width: 6, height: 1, [("한글", 0, 0, .plain)])))

        screen.apply(renderer.render(frame(width: 6, height: 1, [("ab글", 0, 0, .plain)])))

        #expect(screen.lines == ["ab글  "])
    }

    @Test func theScreenMatchesEveryFrameOfASequence() {
        let red = Style(foreground: .red, bold: true)
        let selected = Style(foreground: .black, background: .brightCyan, reverse: true)
        let frames = [
            frame(width: 12, height: 3, [("TODO 할 일", 0, 0, red), ("👩‍💻 code", 1, 1, .plain)]),
            frame(width: 12, height: 3, [("TODO 할 일", 0, 0, .plain), ("👩‍💻 code", 1, 1, selected)]),
            frame(width: 12, height: 3, [("DOING", 0, 0, .plain), ("x 한글 code", 0, 1, selected), ("end", 9, 2, red)]),
            frame(width: 12, height: 3, [("DOING", 0, 0, Style(dim: true)), ("end", 9, 2, .plain)]),
        ]
        var renderer = Renderer()
        var screen = TerminalScreen(size: TerminalSize(width: 12, height: 3))

        for buffer in frames {
            screen.apply(renderer.render(buffer))

            #expect(screen.buffer == buffer)
        }
    }
}
