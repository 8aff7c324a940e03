/// A mouse action reported by the terminal.
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        /// The primary button.
        case left
        /// The wheel button.
        case middle
        /// The secondary button.
        case right
    }

    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// The mouse moved with a button held down.
        case drag(Button)
        /// A button came up.
        case release
        /// The wheel turned away from the user.
        case wheelUp
        /// The wheel turned towards the user.
        case wheelDown
    }

    /// What the mouse did.
    public var kind: Kind
    /// The column, 0-based.
    public var x: Int
    /// The row, 0-based.
    public var y: Int

    /// A mouse event at column `x`, row `y` (0-based).
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
