/// The terminal a full-screen program runs in: the side effects of raw mode, output, input
/// and size, behind a protocol so tests drive a `MockTerminal` instead.
public protocol Terminal: AnyObject {
    /// The current size in columns and rows.
    var size: TerminalSize { get }

    /// Enters full-screen mode: raw input, the alternate screen, a hidden cursor, mouse
    /// reporting and bracketed paste.
    func start() throws

    /// Undoes exactly what `start()` did; safe to call more than once.
    func stop()

    /// Sends `text`, typically a `Renderer` frame, to the screen.
    func write(_ text: String)

    /// Waits up to `timeout` for input and returns the bytes available, or `[]` when none
    /// came in time or the wait was interrupted, such as by a resize.
    func read(timeout: Duration) -> [UInt8]

    /// The new size if the window was resized since the last call, otherwise nil.
    func takeResize() -> TerminalSize?
}
