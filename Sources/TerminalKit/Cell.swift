/// One column of one row of the screen.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a space for an empty cell or the right half of a wide character.
    public var character: Character
    /// How the cell is drawn.
    public var style: Style
    /// True for the right half of a double-width character, which the character to its left
    /// already covers on screen, so it is never printed itself.
    public var isContinuation: Bool

    /// An empty cell in the plain style.
    public static let blank = Cell(" ")

    /// A cell showing `character` in `style`.
    public init(_ character: Character, style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }
}
