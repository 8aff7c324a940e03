import Synchronization

/// A terminal for tests: a size the test sets, input the test sends, and a record of
/// everything written, also applied to a `TerminalScreen` so tests can read what a real
/// terminal would show. A test can wait for the screen to show something, so it plays the
/// user step by step without sleeping.
public final class MockTerminal: Terminal, Sendable {
    private struct State {
        var size: TerminalSize
        var writes: [String] = []
        var screen: TerminalScreen
        var screens: [String] = []
        var startCount = 0
        var stopCount = 0
        var isStarted = false
        var startError: (any Error & Sendable)?
        var queued: [TerminalInput] = []
        var reader: AsyncStream<TerminalInput>.Continuation?
        var waiters: [Waiter] = []
    }

    /// A test waiting for the screen to satisfy `condition`.
    private struct Waiter {
        let condition: @Sendable (TerminalScreen) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let state: Mutex<State>

    /// A mock terminal of `size`, 80x24 by default.
    public init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
        state = Mutex(State(size: size, screen: TerminalScreen(size: size)))
    }

    /// The current size; change it with `resize(to:)`.
    public var size: TerminalSize { state.withLock { $0.size } }
    /// Every string passed to `write`, in order.
    public var writes: [String] { state.withLock { $0.writes } }
    /// What a terminal would show after everything written so far.
    public var screen: TerminalScreen { state.withLock { $0.screen } }
    /// The screen's text after each write, to look for a message that came and went.
    public var screens: [String] { state.withLock { $0.screens } }
    /// How many times `start()` was called.
    public var startCount: Int { state.withLock { $0.startCount } }
    /// How many times `stop()` was called.
    public var stopCount: Int { state.withLock { $0.stopCount } }
    /// True between `start()` and `stop()`.
    public var isStarted: Bool { state.withLock { $0.isStarted } }
    /// When set, `start()` throws it, to test what happens without a terminal.
    public var startError: (any Error & Sendable)? {
        get { state.withLock { $0.startError } }
        set { state.withLock { $0.startError = newValue } }
    }

    /// Everything written, joined.
    public var output: String { writes.joined() }

    /// How much input waits for a reader of `input()`.
    public var pendingInputs: Int { state.withLock { $0.queued.count } }

    /// Sends bytes that arrive as one `.bytes` input, so a test can split a sequence across
    /// reads the way a real terminal sometimes does.
    public func enqueue(_ bytes: [UInt8]) {
        send(.bytes(bytes))
    }

    /// Sends the UTF-8 bytes of `text` as one input.
    public func enqueue(_ text: String) {
        enqueue(Array(text.utf8))
    }

    /// Resizes the window: `size` changes, the screen is blank, and `input()` reports it.
    public func resize(to size: TerminalSize) {
        state.withLock { state in
            state.size = size
            state.screen.resize(to: size)
        }
        send(.resized(size))
    }

    /// Forgets what was written, keeping the screen, so a test can look at one frame's bytes.
    public func clearWrites() {
        state.withLock { $0.writes.removeAll() }
    }

    /// Counts the call, or throws `startError`.
    public func start() throws {
        try state.withLock { state in
            if let startError = state.startError { throw startError }
            state.startCount += 1
            state.isStarted = true
        }
    }

    /// Counts the call, and answers every test still waiting for the screen: nothing will
    /// change it any more.
    public func stop() {
        let (waiters, screen) = state.withLock { state in
            state.stopCount += 1
            state.isStarted = false
            defer { state.waiters.removeAll() }
            return (state.waiters, state.screen)
        }
        for waiter in waiters { waiter.continuation.resume(returning: waiter.condition(screen)) }
    }

    /// Records `text`, applies it to `screen`, and wakes the tests waiting for what it shows.
    public func write(_ text: String) {
        let ready = state.withLock { state in
            state.writes.append(text)
            state.screen.apply(text)
            state.screens.append(state.screen.lines.joined(separator: "\n"))
            let screen = state.screen
            let ready = state.waiters.filter { $0.condition(screen) }
            state.waiters.removeAll { $0.condition(screen) }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// What the test sent, first whatever it sent before anyone read.
    public func input() -> AsyncStream<TerminalInput> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
        state.withLock { state in
            for input in state.queued { continuation.yield(input) }
            state.queued.removeAll()
            state.reader = continuation
        }
        return stream
    }

    /// Waits until the screen satisfies `condition`, which is checked after every write.
    /// Returns false when the terminal stops first (the program ended without showing it).
    @discardableResult
    public func waitForScreen(_ condition: @escaping @Sendable (TerminalScreen) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLock { state in
                if condition(state.screen) { return true }
                if state.stopCount > 0 && !state.isStarted { return false }
                state.waiters.append(Waiter(condition: condition, continuation: continuation))
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Waits until the screen shows `text` somewhere; false when the terminal stops first.
    @discardableResult
    public func waitForScreen(showing text: String) async -> Bool {
        await waitForScreen { $0.lines.joined(separator: "\n").contains(text) }
    }

    private func send(_ input: TerminalInput) {
        state.withLock { state in
            if let reader = state.reader {
                reader.yield(input)
            } else {
                state.queued.append(input)
            }
        }
    }
}
