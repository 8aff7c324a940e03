/// Turns frames into the bytes that update the terminal: the whole screen the first time,
/// then only the cells that changed, with the fewest cursor moves and style changes it can
/// find, so a keystroke on a large board sends a few dozen bytes, not the whole screen.
public struct Renderer: Sendable {
    private struct Position: Equatable {
        var x: Int
        var y: Int
    }

    /// What the terminal shows now; nil when unknown, which forces a full redraw.
    private var screen: CellBuffer?
    /// Where the terminal's cursor is; nil when unknown, such as after the last column.
    private var cursor: Position?
    /// The SGR state the terminal is in.
    private var style = Style.plain

    /// A renderer that has drawn nothing yet.
    public init() {}

    /// Forgets what is on screen, so the next frame is drawn in full; for when something
    /// else wrote to the terminal (an editor, a shell command, a resize).
    public mutating func invalidate() {
        screen = nil
    }

    /// The bytes that turn the terminal's screen into `buffer`: a clear and every non-blank
    /// cell on the first frame, after `invalidate()` or when the size changed; otherwise
    /// only the changed cells. Empty when nothing changed.
    public mutating func render(_ buffer: CellBuffer) -> String {
        var output = ""
        var shown: CellBuffer
        if let screen, screen.size == buffer.size {
            shown = screen
        } else {
            // The clear paints in the current background, so reset first; afterwards the
            // screen is exactly a blank buffer and only non-blank cells need drawing.
            output += ANSI.resetStyle + ANSI.clearScreen
            style = .plain
            cursor = nil
            shown = CellBuffer(size: buffer.size)
        }
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                guard buffer[x: x, y: y] != shown[x: x, y: y] else {
                    x += 1
                    continue
                }
                // A changed right half is redrawn by printing its character on the left.
                let start = buffer[x: x, y: y].isContinuation && x > 0 ? x - 1 : x
                output += moveCursor(to: Position(x: start, y: y), in: buffer)
                x = start + print(x: start, y: y, of: buffer, into: &output)
            }
        }
        screen = buffer
        return output
    }

    /// Prints one cell at the cursor and returns how many columns it took.
    private mutating func print(x: Int, y: Int, of buffer: CellBuffer, into output: inout String) -> Int {
        let cell = buffer[x: x, y: y]
        output += ANSI.sgr(from: style, to: cell.style)
        style = cell.style
        let columns = buffer[x: x + 1, y: y].isContinuation ? 2 : 1
        output.append(cell.isContinuation ? " " : cell.character)
        // After the last column the terminal holds a pending wrap, so where the next
        // character lands is not worth predicting.
        cursor = x + columns < buffer.width ? Position(x: x + columns, y: y) : nil
        return columns
    }

    /// The shortest way to get the cursor to `target`: nothing, a relative move, a line
    /// break, reprinting the few unchanged cells in between, or an absolute move.
    private mutating func moveCursor(to target: Position, in buffer: CellBuffer) -> String {
        guard cursor != target else { return "" }
        var best = ANSI.move(x: target.x, y: target.y)
        if let cursor {
            var options: [String] = []
            if cursor.y == target.y, cursor.x < target.x {
                options.append(ANSI.moveRight(target.x - cursor.x))
                if let text = reprint(row: target.y, from: cursor.x, to: target.x, in: buffer) { options.append(text) }
            } else if cursor.y == target.y {
                options.append(ANSI.moveLeft(cursor.x - target.x))
            } else if target.x == 0, target.y == cursor.y + 1 {
                options.append("\r\n")
            }
            for option in options where option.utf8.count < best.utf8.count {
                best = option
            }
        }
        cursor = target
        return best
    }

    /// The unchanged cells between two columns as text, when they can be printed again in
    /// the current style without a style change or a wide character.
    private func reprint(row y: Int, from start: Int, to end: Int, in buffer: CellBuffer) -> String? {
        guard end - start <= 4 else { return nil }
        var text = ""
        for x in start..<end {
            let cell = buffer[x: x, y: y]
            guard cell.style == style, !cell.isContinuation, !buffer[x: x + 1, y: y].isContinuation else { return nil }
            text.append(cell.character)
        }
        return text
    }
}
