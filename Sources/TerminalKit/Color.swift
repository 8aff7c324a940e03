/// A terminal colour: the terminal's own default, one of the 16 named ANSI colours, or an
/// entry of the 256-colour palette.
public enum Color: Hashable, Sendable {
    /// Whatever colour the user's terminal theme uses for text or background.
    case `default`
    /// ANSI colour 0.
    case black
    /// ANSI colour 1.
    case red
    /// ANSI colour 2.
    case green
    /// ANSI colour 3.
    case yellow
    /// ANSI colour 4.
    case blue
    /// ANSI colour 5.
    case magenta
    /// ANSI colour 6.
    case cyan
    /// ANSI colour 7.
    case white
    /// ANSI colour 8, the grey most themes use for secondary text.
    case brightBlack
    /// ANSI colour 9.
    case brightRed
    /// ANSI colour 10.
    case brightGreen
    /// ANSI colour 11.
    case brightYellow
    /// ANSI colour 12.
    case brightBlue
    /// ANSI colour 13.
    case brightMagenta
    /// ANSI colour 14.
    case brightCyan
    /// ANSI colour 15.
    case brightWhite
    /// An entry of the 256-colour palette.
    case indexed(UInt8)

    /// The 16 named colours in palette order, so a palette index maps back to its name.
    static let named: [Color] = [
        .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
        .brightBlack, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
    ]
}
