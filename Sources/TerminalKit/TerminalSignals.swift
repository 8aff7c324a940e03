import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state signal handlers reach, which must be global because a C signal handler cannot
/// capture anything. Only async-signal-safe calls (write, tcsetattr, signal, raise) and
/// atomics are used from a handler, and every global is touched before a handler can run.
enum TerminalSignals {
    /// True while a terminal is in raw mode and needs restoring.
    static let isActive = Atomic<Bool>(false)
    /// Set by SIGWINCH, cleared by whoever reads the new size.
    static let resizePending = Atomic<Bool>(false)
    private static let handlersInstalled = Atomic<Bool>(false)

    /// Fixed storage, because a handler must not allocate or trip exclusivity checks.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static let leaveSequence: UnsafeBufferPointer<UInt8> = {
        let text =
            ANSI.disableBracketedPaste + ANSI.disableMouse + ANSI.resetStyle + ANSI.showCursor
            + ANSI.leaveAlternateScreen
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = buffer.initialize(from: text.utf8)
        return UnsafeBufferPointer(buffer)
    }()
    private static let input = Atomic<Int32>(0)
    private static let output = Atomic<Int32>(1)

    /// Records how to restore the terminal and makes sure the handlers and the exit hook
    /// are installed, before the terminal is changed.
    static func arm(original: termios, input: FileDescriptor, output: FileDescriptor) {
        saved.pointee = original
        _ = leaveSequence.count
        self.input.store(input.rawValue, ordering: .sequentiallyConsistent)
        self.output.store(output.rawValue, ordering: .sequentiallyConsistent)
        resizePending.store(false, ordering: .relaxed)
        isActive.store(true, ordering: .sequentiallyConsistent)
        installHandlers()
    }

    /// Leaves the alternate screen, shows the cursor, stops mouse reporting and puts back
    /// the original terminal attributes, once, from whichever path gets here first.
    static func restore() {
        guard isActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
        let output = output.load(ordering: .sequentiallyConsistent)
        var offset = 0
        while offset < leaveSequence.count {
            let written = write(output, leaveSequence.baseAddress! + offset, leaveSequence.count - offset)
            guard written > 0 else { break }
            offset += written
        }
        _ = tcsetattr(input.load(ordering: .sequentiallyConsistent), TCSANOW, saved)
    }

    /// Ends the process as SIGHUP does (the terminal restored first, where there still is one),
    /// for a terminal found gone without the signal.
    static func hangUp() -> Never {
        restore()
        _ = signal(SIGHUP, SIG_DFL)
        // The terminal's reader runs on a dispatch thread, which blocks signals: unblocked here,
        // the raised SIGHUP ends the process at once instead of waiting for a thread to take it.
        var hangUp = sigset_t()
        sigemptyset(&hangUp)
        sigaddset(&hangUp, SIGHUP)
        _ = pthread_sigmask(SIG_UNBLOCK, &hangUp, nil)
        _ = raise(SIGHUP)
        exit(128 + SIGHUP)
    }

    /// Whether SIGWINCH arrived since the last call.
    static func takeResize() -> Bool {
        resizePending.exchange(false, ordering: .relaxed)
    }

    private static func installHandlers() {
        guard !handlersInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // SIGINT and SIGQUIT only arrive from outside, since raw mode turns Ctrl-C into a key.
        for number in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            _ = signal(number) { number in
                TerminalSignals.restore()
                // Dying by the same signal gives the parent the exit status it expects.
                _ = signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
        _ = signal(SIGWINCH) { _ in
            TerminalSignals.resizePending.store(true, ordering: .relaxed)
        }
        // A parent may have started us with these blocked (the mask is inherited through exec);
        // the board must still hear them, or it could neither restore the terminal nor resize.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGWINCH] {
            sigaddset(&handled, number)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        // An error thrown out of main or an exit() elsewhere still leaves a usable shell.
        _ = atexit { TerminalSignals.restore() }
    }
}
