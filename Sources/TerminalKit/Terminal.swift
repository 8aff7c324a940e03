/// The terminal a full-screen program runs in: the side effects of raw mode, output, input
/// and size, behind a protocol so tests drive a `MockTerminal` instead.
public protocol Terminal: AnyObject, Sendable {
    /// The current size in columns and rows.
    var size: TerminalSize { get }

    /// Enters full-screen mode: raw input, the alternate screen, a hidden cursor, mouse
    /// reporting and bracketed paste.
    func start() throws

    /// Undoes exactly what `start()` did; safe to call more than once.
    func stop()

    /// Sends `text`, typically a `Renderer` frame, to the screen.
    func write(_ text: String)

    /// Everything typed and every resize from now on, in the order they happened, for one
    /// reader at a time. Reading stops when the task iterating it is cancelled.
    func input() -> AsyncStream<TerminalInput>
}
