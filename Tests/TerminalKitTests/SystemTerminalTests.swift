import Testing

@testable import TerminalKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the real terminal on a pseudo-terminal, which is what a terminal emulator gives a
/// shell, so raw mode and its restoration are checked against the kernel itself.
@Suite(.serialized) struct SystemTerminalTests {
    @Test func startEntersRawModeAndStopRestoresTheTerminalExactly() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        let terminal = SystemTerminal(input: pty.device, output: pty.device)

        try terminal.start()
        let raw = pty.attributes()
        let entered = pty.output()
        terminal.stop()
        let after = pty.attributes()
        let left = pty.output()

        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(raw.c_iflag & tcflag_t(IXON | ICRNL) == 0)
        #expect(entered.contains(ANSI.enterAlternateScreen))
        #expect(entered.contains(ANSI.hideCursor))
        #expect(entered.contains(ANSI.enableMouse))
        #expect(withUnsafeBytes(of: after) { Array($0) } == withUnsafeBytes(of: before) { Array($0) })
        #expect(left.contains(ANSI.leaveAlternateScreen))
        #expect(left.contains(ANSI.showCursor))
        #expect(left.contains(ANSI.disableMouse))
    }

    @Test func readReturnsTypedBytesOrNothingAfterTheTimeout() throws {
        let pty = try PseudoTerminal()
        let terminal = SystemTerminal(input: pty.device, output: pty.device)
        try terminal.start()
        defer { terminal.stop() }

        let idle = terminal.read(timeout: .milliseconds(20))
        pty.type("\u{1B}[A한")
        let typed = terminal.read(timeout: .seconds(2))

        #expect(idle == [])
        var decoder = KeyDecoder()
        #expect(decoder.decode(typed) == [.key(.up), .key(.character("한"))])
    }

    @Test func theSizeComesFromTheKernelAndAResizeIsReportedOnce() throws {
        let pty = try PseudoTerminal()
        pty.setSize(width: 100, height: 30)
        let terminal = SystemTerminal(input: pty.device, output: pty.device)
        try terminal.start()
        defer { terminal.stop() }
        _ = terminal.takeResize()
        let initial = terminal.size

        pty.setSize(width: 120, height: 40)
        // Test threads block SIGWINCH, so it goes to the process and lands on another thread.
        kill(getpid(), SIGWINCH)
        var resized: TerminalSize?
        for _ in 0..<200 where resized == nil {
            resized = terminal.takeResize()
            if resized == nil { usleep(5000) }
        }

        #expect(initial == TerminalSize(width: 100, height: 30))
        #expect(resized == TerminalSize(width: 120, height: 40))
        #expect(terminal.takeResize() == nil)
    }

    @Test func inputStreamsTypedBytesAndResizesFromItsOwnThread() async throws {
        // Given the real terminal on a pseudo-terminal of 100×30, read through its stream
        let pty = try PseudoTerminal()
        pty.setSize(width: 100, height: 30)
        let terminal = SystemTerminal(input: pty.device, output: pty.device)
        try terminal.start()
        defer { terminal.stop() }
        _ = terminal.takeResize()
        var reader = terminal.input().makeAsyncIterator()

        // When a key is typed, then the window grows
        pty.type("\u{1B}[A")
        let typed = await reader.next()
        pty.setSize(width: 120, height: 40)
        kill(getpid(), SIGWINCH)
        let resized = await reader.next()

        // Then both come out of the stream, in order
        #expect(typed == .bytes([0x1B, 0x5B, 0x41]))
        #expect(resized == .resized(TerminalSize(width: 120, height: 40)))
    }

    @Test func startingWithoutATerminalThrows() {
        var descriptors: [Int32] = [0, 0]
        _ = pipe(&descriptors)
        defer { descriptors.forEach { _ = close($0) } }
        let terminal = SystemTerminal(input: descriptors[0], output: descriptors[1])

        #expect(throws: TerminalError.notATerminal) { try terminal.start() }
    }
}

/// A pseudo-terminal pair: the program under test gets `device`, the test plays the
/// terminal emulator on `controller`.
private final class PseudoTerminal {
    let controller: Int32
    let device: Int32

    init() throws {
        let controller = openController()
        try #require(controller >= 0)
        let name = try #require(deviceName(controller))
        let device = open(name, O_RDWR | O_NOCTTY)
        try #require(device >= 0)
        self.controller = controller
        self.device = device
    }

    deinit {
        close(device)
        close(controller)
    }

    func setSize(width: Int, height: Int) {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// What the program wrote, as the terminal emulator would read it.
    func output() -> String {
        String(decoding: FileDescriptor(rawValue: controller).read(timeout: .milliseconds(500)), as: UTF8.self)
    }

    func type(_ text: String) {
        FileDescriptor(rawValue: controller).write(Array(text.utf8))
    }

    func attributes() -> termios {
        var attributes = termios()
        _ = tcgetattr(device, &attributes)
        return attributes
    }
}

#if canImport(Glibc)
// Glibc's module hides the X/Open pseudo-terminal calls behind _XOPEN_SOURCE, so they
// are looked up in the C library at run time instead.
private func cFunction<T>(_ name: String, as type: T.Type) -> T {
    unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), name), to: type)
}

private func openController() -> Int32 {
    typealias Call = @convention(c) (Int32) -> Int32
    let controller = cFunction("posix_openpt", as: Call.self)(O_RDWR | O_NOCTTY)
    guard controller >= 0, cFunction("grantpt", as: Call.self)(controller) == 0,
        cFunction("unlockpt", as: Call.self)(controller) == 0
    else { return -1 }
    return controller
}

private func deviceName(_ controller: Int32) -> String? {
    typealias Call = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    return cFunction("ptsname", as: Call.self)(controller).map { String(cString: $0) }
}
#else
private func openController() -> Int32 {
    let controller = posix_openpt(O_RDWR | O_NOCTTY)
    guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0 else { return -1 }
    return controller
}

private func deviceName(_ controller: Int32) -> String? {
    ptsname(controller).map { String(cString: $0) }
}
#endif
