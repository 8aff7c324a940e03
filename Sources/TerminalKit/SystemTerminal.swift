import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal on standard input and output, over termios, ioctl and poll.
///
/// `stop()` restores it; so do SIGTERM, SIGINT, SIGHUP and SIGQUIT (which then end the
/// process by the same signal) and a normal exit. Crash signals are left to the Swift
/// runtime so its backtrace is not lost; run `reset` after a crash.
public final class SystemTerminal: Terminal {
    private let inputFile: FileDescriptor
    private let output: FileDescriptor
    private let isStarted = Atomic<Bool>(false)
    private let readers = Mutex<[Listening]>([])

    /// How long one wait for input lasts before the reader looks for a resize and for whether
    /// anyone still listens: SIGWINCH lands on whichever thread the kernel picks, so it cannot
    /// be relied on to cut the reader's wait short.
    static let readSlice = Duration.milliseconds(50)

    /// The terminal on the given file descriptors, standard input and output by default;
    /// tests pass a pseudo-terminal.
    public init(input: Int32 = 0, output: Int32 = 1) {
        self.inputFile = FileDescriptor(rawValue: input)
        self.output = FileDescriptor(rawValue: output)
    }

    /// The window size, or 80x24 when the kernel reports none.
    public var size: TerminalSize {
        output.windowSize ?? inputFile.windowSize ?? TerminalSize(width: 80, height: 24)
    }

    /// Enters raw mode and the full screen; throws `TerminalError.notATerminal` when input
    /// or output is redirected.
    public func start() throws {
        guard !isStarted.load(ordering: .sequentiallyConsistent) else { return }
        guard inputFile.isTerminal, output.isTerminal else { throw TerminalError.notATerminal }
        var attributes = termios()
        guard tcgetattr(inputFile.rawValue, &attributes) == 0 else {
            throw TerminalError.attributes("tcgetattr", errno: errno)
        }
        TerminalSignals.arm(original: attributes, input: inputFile, output: output)
        // Like cfmakeraw, but output processing stays on so a stray "\n" still returns the
        // carriage. ISIG and IXON go so Ctrl-C, Ctrl-S and Ctrl-Q reach the board as keys.
        attributes.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        attributes.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        attributes.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &attributes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(inputFile.rawValue, TCSAFLUSH, &attributes) == 0 else {
            let code = errno
            TerminalSignals.restore()
            throw TerminalError.attributes("tcsetattr", errno: code)
        }
        isStarted.store(true, ordering: .sequentiallyConsistent)
        write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.enableMouse + ANSI.enableBracketedPaste)
    }

    /// Leaves the full screen and puts back the terminal attributes found by `start()`, once
    /// every reader of `input()` has stopped: a reader left polling could take a key meant for
    /// the shell, or find its file closed and take that for a hang-up.
    public func stop() {
        let readers = readers.withLock { readers in
            defer { readers.removeAll() }
            return readers
        }
        for reader in readers { reader.stopAndWait() }
        guard isStarted.exchange(false, ordering: .sequentiallyConsistent) else { return }
        TerminalSignals.restore()
    }

    /// Writes `text` unbuffered.
    public func write(_ text: String) {
        output.write(Array(text.utf8))
    }

    /// Reads on a thread of its own, never one of the concurrency pool's few: the wait for a
    /// key blocks in poll(2). A terminal that has gone away ends the process as a hang-up does
    /// (see `FileDescriptor.read(timeout:)`).
    public func input() -> AsyncStream<TerminalInput> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
        let listening = Listening()
        readers.withLock { $0.append(listening) }
        continuation.onTermination = { _ in listening.stop() }
        DispatchQueue(label: "TerminalKit.SystemTerminal.input").async { [self] in
            defer { listening.finished.signal() }
            while listening.isOn {
                let bytes = read(timeout: Self.readSlice)
                if !bytes.isEmpty { continuation.yield(.bytes(bytes)) }
                if let size = takeResize() { continuation.yield(.resized(size)) }
            }
        }
        return stream
    }

    /// Waits up to `timeout` for input; a resize interrupts the wait early with `[]`.
    public func read(timeout: Duration) -> [UInt8] {
        inputFile.read(timeout: timeout)
    }

    /// The new size if SIGWINCH arrived since the last call.
    public func takeResize() -> TerminalSize? {
        TerminalSignals.takeResize() ? size : nil
    }
}

/// Whether the reader of `SystemTerminal.input()` still has someone to read for.
private final class Listening: Sendable {
    private let on = Atomic<Bool>(true)
    /// Signalled once when the reader has stopped.
    let finished = DispatchSemaphore(value: 0)

    var isOn: Bool { on.load(ordering: .relaxed) }

    func stop() { on.store(false, ordering: .relaxed) }

    /// Stops the reader and waits for it, at most one read slice.
    func stopAndWait() {
        stop()
        finished.wait()
    }
}
