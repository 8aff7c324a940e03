/// A terminal for tests: a size the test sets, input the test queues, and a record of
/// everything written, also applied to a `TerminalScreen` so tests can read what a real
/// terminal would show.
public final class MockTerminal: Terminal {
    /// The current size; change it with `resize(to:)`.
    public private(set) var size: TerminalSize
    /// Every string passed to `write`, in order.
    public private(set) var writes: [String] = []
    /// What a terminal would show after everything written so far.
    public private(set) var screen: TerminalScreen
    /// How many times `start()` was called.
    public private(set) var startCount = 0
    /// How many times `stop()` was called.
    public private(set) var stopCount = 0
    /// True between `start()` and `stop()`.
    public private(set) var isStarted = false
    /// The timeouts `read(timeout:)` was called with, to check the caller's waits.
    public private(set) var readTimeouts: [Duration] = []
    /// When set, `start()` throws it, to test what happens without a terminal.
    public var startError: (any Error)?
    private var input: [[UInt8]] = []
    private var pendingResize: TerminalSize?

    /// A mock terminal of `size`, 80x24 by default.
    public init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
        self.size = size
        screen = TerminalScreen(size: size)
    }

    /// Everything written, joined.
    public var output: String { writes.joined() }

    /// How many queued reads are left.
    public var pendingReads: Int { input.count }

    /// Queues bytes that one later `read` returns, so a test can split a sequence across
    /// reads the way a real terminal sometimes does.
    public func enqueue(_ bytes: [UInt8]) {
        input.append(bytes)
    }

    /// Queues the UTF-8 bytes of `text` for one later `read`.
    public func enqueue(_ text: String) {
        enqueue(Array(text.utf8))
    }

    /// Resizes the window: `size` changes, the screen is blank, and `takeResize()` reports it.
    public func resize(to size: TerminalSize) {
        self.size = size
        screen.resize(to: size)
        pendingResize = size
    }

    /// Forgets what was written, keeping the screen, so a test can look at one frame's bytes.
    public func clearWrites() {
        writes.removeAll()
    }

    /// Counts the call, or throws `startError`.
    public func start() throws {
        if let startError { throw startError }
        startCount += 1
        isStarted = true
    }

    /// Counts the call.
    public func stop() {
        stopCount += 1
        isStarted = false
    }

    /// Records `text` and applies it to `screen`.
    public func write(_ text: String) {
        writes.append(text)
        screen.apply(text)
    }

    /// The next queued bytes, or `[]` at once when none are queued (no real waiting).
    public func read(timeout: Duration) -> [UInt8] {
        readTimeouts.append(timeout)
        return input.isEmpty ? [] : input.removeFirst()
    }

    /// The size set by the last `resize(to:)`, once.
    public func takeResize() -> TerminalSize? {
        defer { pendingResize = nil }
        return pendingResize
    }
}
