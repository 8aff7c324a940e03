/// Every escape sequence TerminalKit sends, in one place so what reaches the terminal can be
/// read and checked at a glance.
public enum ANSI {
    /// The Control Sequence Introducer, `ESC [`.
    public static let csi = "\u{1B}["
    /// Switches to the alternate screen, so the user's scrollback is untouched on exit.
    public static let enterAlternateScreen = csi + "?1049h"
    /// Returns to the normal screen and its scrollback.
    public static let leaveAlternateScreen = csi + "?1049l"
    /// Hides the text cursor.
    public static let hideCursor = csi + "?25l"
    /// Shows the text cursor.
    public static let showCursor = csi + "?25h"
    /// Erases the whole screen in the current background colour; the cursor stays put.
    public static let clearScreen = csi + "2J"
    /// Moves the cursor to the top-left corner.
    public static let home = csi + "H"
    /// Resets colours and attributes to the terminal defaults.
    public static let resetStyle = csi + "0m"
    /// Turns on mouse reporting for clicks (1000), drags (1002) and wheel, in the SGR
    /// encoding (1006) that has no 223-column limit.
    public static let enableMouse = csi + "?1000h" + csi + "?1002h" + csi + "?1006h"
    /// Turns off what `enableMouse` turned on, in reverse order.
    public static let disableMouse = csi + "?1006l" + csi + "?1002l" + csi + "?1000l"
    /// Asks the terminal to wrap pasted text in `ESC [200~` … `ESC [201~`, so a paste is not
    /// taken for keystrokes.
    public static let enableBracketedPaste = csi + "?2004h"
    /// Turns bracketed paste off again.
    public static let disableBracketedPaste = csi + "?2004l"

    /// Moves the cursor to column `x`, row `y`, both 0-based (the terminal counts from 1).
    public static func move(x: Int, y: Int) -> String {
        if x == 0 { return y == 0 ? home : csi + "\(y + 1)H" }
        return csi + "\(y + 1);\(x + 1)H"
    }

    /// Moves the cursor `columns` to the right on its row.
    public static func moveRight(_ columns: Int) -> String {
        columns == 1 ? csi + "C" : csi + "\(columns)C"
    }

    /// Moves the cursor `columns` to the left on its row.
    public static func moveLeft(_ columns: Int) -> String {
        columns == 1 ? csi + "D" : csi + "\(columns)D"
    }

    /// Select Graphic Rendition: sets exactly `style`, whatever was set before.
    public static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if style.foreground != .default { codes.append(colorCode(style.foreground, background: false)) }
        if style.background != .default { codes.append(colorCode(style.background, background: true)) }
        return csi + codes.joined(separator: ";") + "m"
    }

    /// The shortest SGR that turns `old` into `new`: only the changes, or a reset and the
    /// whole style when that is shorter. Empty when nothing changes.
    public static func sgr(from old: Style, to new: Style) -> String {
        guard old != new else { return "" }
        var codes: [String] = []
        // Bold and dim share one "off" code (22), so dropping either drops both.
        let normalIntensity = (old.bold && !new.bold) || (old.dim && !new.dim)
        if normalIntensity { codes.append("22") }
        if new.bold, !old.bold || normalIntensity { codes.append("1") }
        if new.dim, !old.dim || normalIntensity { codes.append("2") }
        if old.underline != new.underline { codes.append(new.underline ? "4" : "24") }
        if old.reverse != new.reverse { codes.append(new.reverse ? "7" : "27") }
        if old.foreground != new.foreground { codes.append(colorCode(new.foreground, background: false)) }
        if old.background != new.background { codes.append(colorCode(new.background, background: true)) }
        let changes = csi + codes.joined(separator: ";") + "m"
        let full = sgr(new)
        return changes.utf8.count <= full.utf8.count ? changes : full
    }

    /// `text` in `style`, back to plain after it: for a line of command output rather than a
    /// cell buffer.
    public static func styled(_ text: String, _ style: Style) -> String {
        sgr(from: .plain, to: style) + text + sgr(from: style, to: .plain)
    }

    private static func colorCode(_ color: Color, background: Bool) -> String {
        let base = background ? 40 : 30
        switch color {
        case .default:
            return String(base + 9)
        case .indexed(let index):
            return "\(base + 8);5;\(index)"
        default:
            let index = Color.named.firstIndex(of: color) ?? 0
            return index < 8 ? String(base + index) : String(base + 60 + index - 8)
        }
    }
}
