#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's input or output file, with the few system calls the terminal needs wrapped
/// to retry on EINTR and partial writes.
struct FileDescriptor: Sendable {
    let rawValue: Int32

    var isTerminal: Bool { isatty(rawValue) == 1 }

    /// The window size the kernel reports, or nil when it reports none (not a terminal, or
    /// a pseudo-terminal nobody has sized).
    var windowSize: TerminalSize? {
        var window = winsize()
        guard ioctl(rawValue, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// Writes all of `bytes`, however many calls it takes.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(rawValue, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    // The terminal is gone; there is nobody left to show anything to.
                    return
                }
            }
        }
    }

    /// Waits up to `timeout` for bytes and returns what is there, or `[]` on timeout or when a
    /// signal such as SIGWINCH interrupts the wait. A terminal that has gone away (its window
    /// closed, its tmux server killed) ends the process as a hang-up signal would: its hang-up
    /// may have reached only a shell in between, and polling a dead terminal would spin forever.
    func read(timeout: Duration) -> [UInt8] {
        var request = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Self.milliseconds(timeout)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { systemRead(rawValue, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer.prefix(count)) }
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        TerminalSignals.hangUp()
    }

    /// `timeout` in whole milliseconds for poll(2), rounded up so a short wait never turns
    /// into a busy loop.
    static func milliseconds(_ timeout: Duration) -> Int32 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        let total = milliseconds.partialValue + (attoseconds + perMillisecond - 1) / perMillisecond
        return Int32(clamping: total)
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
