/// The size of the terminal window in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size of `width` columns by `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `80x24`, as `stty size` users expect to read it.
    public var description: String { "\(width)x\(height)" }
}
