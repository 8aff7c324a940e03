import Testing

@testable import TerminalKit

@Suite struct MockTerminalTests {
    @Test func recordsStartsStopsAndWrites() throws {
        let terminal = MockTerminal(size: TerminalSize(width: 6, height: 2))

        try terminal.start()
        terminal.write("\u{1B}[2;2Hhi")
        terminal.write("!")
        terminal.stop()

        #expect(terminal.startCount == 1)
        #expect(terminal.stopCount == 1)
        #expect(!terminal.isStarted)
        #expect(terminal.writes == ["\u{1B}[2;2Hhi", "!"])
        #expect(terminal.output == "\u{1B}[2;2Hhi!")
        #expect(terminal.screen.lines == ["      ", " hi!  "])
    }

    @Test func readsReturnQueuedChunksInOrderThenNothing() {
        let terminal = MockTerminal()
        terminal.enqueue("\u{1B}[")
        terminal.enqueue([0x41])

        let reads = (0..<3).map { _ in terminal.read(timeout: .milliseconds(25)) }

        #expect(reads == [[0x1B, 0x5B], [0x41], []])
        #expect(terminal.readTimeouts == Array(repeating: .milliseconds(25), count: 3))
        #expect(terminal.pendingReads == 0)
    }

    @Test func aResizeIsReportedOnce() {
        let terminal = MockTerminal(size: TerminalSize(width: 80, height: 24))

        terminal.resize(to: TerminalSize(width: 100, height: 30))

        #expect(terminal.size == TerminalSize(width: 100, height: 30))
        #expect(terminal.takeResize() == TerminalSize(width: 100, height: 30))
        #expect(terminal.takeResize() == nil)
        #expect(terminal.screen.buffer.size == TerminalSize(width: 100, height: 30))
    }

    @Test func aStartErrorIsThrownAndNotCounted() {
        let terminal = MockTerminal()
        terminal.startError = TerminalError.notATerminal

        #expect(throws: TerminalError.notATerminal) { try terminal.start() }
        #expect(terminal.startCount == 0)
    }

    @Test func rendererFramesWrittenToTheMockShowOnItsScreen() {
        let terminal = MockTerminal(size: TerminalSize(width: 8, height: 3))
        var renderer = Renderer()
        var buffer = CellBuffer(size: terminal.size)
        buffer.drawBox(x: 0, y: 0, width: 8, height: 3, title: "한글")

        terminal.write(renderer.render(buffer))

        #expect(terminal.screen.lines == ["┌ 한글 ┐", "│      │", "└──────┘"])
    }
}
