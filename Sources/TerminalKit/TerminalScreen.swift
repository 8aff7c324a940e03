/// A small emulator of the escape sequences TerminalKit sends, so tests can check what a
/// terminal would show after a series of frames rather than the bytes of each frame.
///
/// It understands printing (with wide characters), `\r`, `\n`, cursor moves (CUP, CUF,
/// CUB), erase display, SGR, and the private modes for the alternate screen and cursor;
/// anything else is ignored.
public struct TerminalScreen: Sendable {
    /// What each cell shows, with its style.
    public private(set) var buffer: CellBuffer
    /// The cursor column, 0-based; equal to the width while a wrap is pending.
    public private(set) var cursorX = 0
    /// The cursor row, 0-based.
    public private(set) var cursorY = 0
    /// The SGR state that the next printed character takes.
    public private(set) var style = Style.plain
    /// Whether the alternate screen is on.
    public private(set) var isAlternateScreen = false
    /// Whether the cursor is shown.
    public private(set) var isCursorVisible = true

    /// A blank screen of `size`.
    public init(size: TerminalSize) {
        buffer = CellBuffer(size: size)
    }

    /// The plain text of each row.
    public var lines: [String] { buffer.lines }

    /// Starts again blank at a new size, as a resized terminal is before a full redraw.
    public mutating func resize(to size: TerminalSize) {
        buffer = CellBuffer(size: size)
        cursorX = min(cursorX, max(0, size.width - 1))
        cursorY = min(cursorY, max(0, size.height - 1))
    }

    /// Applies `output` as a terminal would.
    public mutating func apply(_ output: String) {
        var scalars = output.unicodeScalars[...]
        var text = ""
        while let scalar = scalars.popFirst() {
            guard scalar.value < 0x20 || scalar.value == 0x7F else {
                text.unicodeScalars.append(scalar)
                continue
            }
            print(text)
            text = ""
            switch scalar {
            case "\r": cursorX = 0
            case "\n": cursorY = min(cursorY + 1, max(0, buffer.height - 1))
            case "\u{1B}": applyEscape(&scalars)
            default: break
            }
        }
        print(text)
    }

    private mutating func print(_ text: String) {
        for character in text where character.displayWidth > 0 {
            if cursorX + character.displayWidth > buffer.width {
                cursorX = 0
                cursorY = min(cursorY + 1, max(0, buffer.height - 1))
            }
            cursorX += buffer.write(String(character), x: cursorX, y: cursorY, style: style)
        }
    }

    private mutating func applyEscape(_ scalars: inout Substring.UnicodeScalarView) {
        guard scalars.first == "[" else { return }
        scalars.removeFirst()
        var parameters = ""
        while let scalar = scalars.popFirst() {
            guard (0x40...0x7E).contains(scalar.value) else {
                parameters.unicodeScalars.append(scalar)
                continue
            }
            applyControl(parameters, final: scalar)
            return
        }
    }

    private mutating func applyControl(_ parameters: String, final: Unicode.Scalar) {
        if parameters.hasPrefix("?") {
            let on = final == "h"
            for mode in parameters.dropFirst().split(separator: ";") {
                if mode == "1049" { isAlternateScreen = on }
                if mode == "25" { isCursorVisible = on }
            }
            return
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 1
        switch final {
        case "H":
            let row = numbers.first.flatMap { $0 } ?? 1
            let column = numbers.count > 1 ? numbers[1] ?? 1 : 1
            cursorY = min(max(0, row - 1), max(0, buffer.height - 1))
            cursorX = min(max(0, column - 1), max(0, buffer.width - 1))
        case "C": cursorX = min(cursorX + first, max(0, buffer.width - 1))
        case "D": cursorX = max(0, min(cursorX, buffer.width - 1) - first)
        case "J": buffer.fill(x: 0, y: 0, width: buffer.width, height: buffer.height, style: style)
        case "m": applySGR(numbers.map { $0 ?? 0 })
        default: break
        }
    }

    private mutating func applySGR(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: (style.bold, style.dim) = (false, false)
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = Color.named[code - 30]
            case 39: style.foreground = .default
            case 40...47: style.background = Color.named[code - 40]
            case 49: style.background = .default
            case 90...97: style.foreground = Color.named[code - 82]
            case 100...107: style.background = Color.named[code - 92]
            case 38, 48:
                guard index + 2 < codes.count, codes[index + 1] == 5 else { return }
                let color = Color.indexed(UInt8(clamping: codes[index + 2]))
                if code == 38 { style.foreground = color } else { style.background = color }
                index += 2
            default: break
            }
            index += 1
        }
    }
}
