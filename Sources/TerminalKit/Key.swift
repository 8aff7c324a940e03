/// A key the user pressed, as decoded from the bytes the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character: a letter, digit, symbol, 한글 syllable or emoji.
    case character(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Return or Enter.
    case enter
    /// Escape on its own, not the start of a sequence.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Forward delete.
    case delete
    /// Control held with a key, named by the lowercase letter or symbol: `.ctrl("s")` for
    /// Ctrl-S. Tab, Enter and Backspace, which share their bytes with Ctrl-I, Ctrl-M and
    /// Ctrl-H, decode as those keys instead.
    case ctrl(Character)
}
