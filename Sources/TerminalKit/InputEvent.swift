/// One thing the user did at the terminal.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A click, drag or wheel turn.
    case mouse(MouseEvent)
    /// Text pasted while bracketed paste was on, line breaks as `\n`; it is text to insert,
    /// never keystrokes to act on.
    case paste(String)
}
