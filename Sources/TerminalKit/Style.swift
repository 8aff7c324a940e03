/// How a cell is drawn: colours and text attributes.
public struct Style: Hashable, Sendable {
    /// The colour of the glyph.
    public var foreground: Color
    /// The colour behind the glyph.
    public var background: Color
    /// Heavier text.
    public var bold: Bool
    /// Fainter text.
    public var dim: Bool
    /// Foreground and background swapped, the usual way to show a selection.
    public var reverse: Bool
    /// Underlined text.
    public var underline: Bool

    /// Terminal defaults with no attributes.
    public static let plain = Style()

    /// A style; anything left out is the terminal default.
    public init(
        foreground: Color = .default,
        background: Color = .default,
        bold: Bool = false,
        dim: Bool = false,
        reverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }
}
