/// What arrives from a terminal: bytes typed (or pasted, or sent by the mouse), or a new
/// window size.
public enum TerminalInput: Hashable, Sendable {
    /// Raw bytes as read, for a `KeyDecoder`; one escape sequence may be split across two.
    case bytes([UInt8])
    /// The window now has this size.
    case resized(TerminalSize)
}
