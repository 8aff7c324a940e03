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

    @Test func inputSentBeforeAndAfterReadingStartsComesOutInOrder() async {
        // Given a chunk split mid-sequence, sent before anyone reads
        let terminal = MockTerminal()
        terminal.enqueue("\u{1B}[")

        // When the reader starts and one more chunk follows
        var reader = terminal.input().makeAsyncIterator()
        terminal.enqueue([0x41])

        // Then both arrive as sent, and nothing waits any more
        #expect(await reader.next() == .bytes([0x1B, 0x5B]))
        #expect(await reader.next() == .bytes([0x41]))
        #expect(terminal.pendingInputs == 0)
    }

    @Test func aResizeIsReportedOnce() async {
        let terminal = MockTerminal(size: TerminalSize(width: 80, height: 24))
        var reader = terminal.input().makeAsyncIterator()

        terminal.resize(to: TerminalSize(width: 100, height: 30))
        terminal.enqueue("q")

        #expect(terminal.size == TerminalSize(width: 100, height: 30))
        #expect(await reader.next() == .resized(TerminalSize(width: 100, height: 30)))
        #expect(await reader.next() == .bytes(Array("q".utf8)))
        #expect(terminal.screen.buffer.size == TerminalSize(width: 100, height: 30))
    }

    @Test func aWaitForTheScreenEndsWithTheWriteThatShowsIt() async {
        // Given a test waiting for "done" while the program writes
        let terminal = MockTerminal(size: TerminalSize(width: 8, height: 1))
        try? terminal.start()
        async let shown = terminal.waitForScreen(showing: "done")
        terminal.write("working")
        terminal.write("\u{1B}[1;1Hdone   ")

        // Then it is shown, the screens between are kept, and a wait after stop answers false
        #expect(await shown)
        #expect(terminal.screens.last == "done    ")
        terminal.stop()
        #expect(await terminal.waitForScreen(showing: "never") == false)
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
