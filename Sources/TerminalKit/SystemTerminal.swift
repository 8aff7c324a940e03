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
    private let input: FileDescriptor
    private let output: FileDescriptor
    private var isStarted = false

    /// The terminal on the given file descriptors, standard input and output by default;
    /// tests pass a pseudo-terminal.
    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = FileDescriptor(rawValue: input)
        self.output = FileDescriptor(rawValue: output)
    }

    /// The window size, or 80x24 when the kernel reports none.
    public var size: TerminalSize {
        output.windowSize ?? input.windowSize ?? TerminalSize(width: 80, height: 24)
    }

    /// Enters raw mode and the full screen; throws `TerminalError.notATerminal` when input
    /// or output is redirected.
    public func start() throws {
        guard !isStarted else { return }
        guard input.isTerminal, output.isTerminal else { throw TerminalError.notATerminal }
        var attributes = termios()
        guard tcgetattr(input.rawValue, &attributes) == 0 else {
            throw TerminalError.attributes("tcgetattr", errno: errno)
        }
        TerminalSignals.arm(original: attributes, input: input, output: output)
        // Like cfmakeraw, but output processing stays on so a stray "\n" still returns the
        // carriage. ISIG and IXON go so Ctrl-C, Ctrl-S and Ctrl-Q reach the board as keys.
        attributes.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        attributes.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        attributes.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &attributes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input.rawValue, TCSAFLUSH, &attributes) == 0 else {
            let code = errno
            TerminalSignals.restore()
            throw TerminalError.attributes("tcsetattr", errno: code)
        }
        isStarted = true
        write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.enableMouse + ANSI.enableBracketedPaste)
    }

    /// Leaves the full screen and puts back the terminal attributes found by `start()`.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        TerminalSignals.restore()
    }

    /// Writes `text` unbuffered.
    public func write(_ text: String) {
        output.write(Array(text.utf8))
    }

    /// Waits up to `timeout` for input; a resize interrupts the wait early with `[]`.
    public func read(timeout: Duration) -> [UInt8] {
        input.read(timeout: timeout)
    }

    /// The new size if SIGWINCH arrived since the last call.
    public func takeResize() -> TerminalSize? {
        TerminalSignals.takeResize() ? size : nil
    }
}
