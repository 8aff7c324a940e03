/// A grid of cells that a screen is drawn into before it is rendered, so drawing is a pure
/// function of state and size and tests can compare whole frames.
public struct CellBuffer: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    private var cells: [Cell]

    /// A buffer of blank cells.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// A blank buffer the size of the terminal.
    public init(size: TerminalSize) {
        self.init(width: size.width, height: size.height)
    }

    /// The buffer's size.
    public var size: TerminalSize { TerminalSize(width: width, height: height) }

    /// The cell at column `x`, row `y` (0-based); a blank cell outside the buffer, so callers
    /// can probe neighbours without bounds checks.
    public subscript(x x: Int, y y: Int) -> Cell {
        contains(x: x, y: y) ? cells[y * width + x] : .blank
    }

    /// The plain text of each row, one column per cell; a wide character appears once, and
    /// its right half adds nothing. Frame tests compare these.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x: x, y: y].isContinuation {
                line.append(self[x: x, y: y].character)
            }
            return line
        }
    }

    /// Writes `text` on row `y` from column `x`, clipped at `maxWidth` columns and the right
    /// edge. Control and zero-width characters are dropped; a double-width character that
    /// does not fit is never split, a space takes its visible column instead.
    ///
    /// - Returns: The columns the text advanced, including a space left for a cut wide
    ///   character; never more than `maxWidth`.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = maxWidth.map { max(0, $0) } ?? Int.max
        let end = min(width, x + min(limit, width - min(x, width)))
        var column = x
        for character in text {
            let columns = character.displayWidth
            if columns == 0 { continue }
            if column + columns > end {
                if column < end, column >= 0 { put(Cell(" ", style: style), x: column, y: y) }
                column = max(column, end)
                break
            }
            if column + columns <= 0 {
                column += columns
                continue
            }
            if column < 0 {
                // The visible half of a wide character cut by the left edge.
                put(Cell(" ", style: style), x: 0, y: y)
            } else {
                put(Cell(character, style: style), x: column, y: y)
                if columns == 2 { put(Cell(" ", style: style, isContinuation: true), x: column + 1, y: y) }
            }
            column += columns
        }
        return max(0, column - x)
    }

    /// Paints a rectangle with spaces in `style`, clipped to the buffer.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: Style = .plain) {
        let columns = max(0, x)..<min(self.width, x + max(0, width))
        let rows = max(0, y)..<min(self.height, y + max(0, height))
        for row in rows {
            for column in columns {
                put(Cell(" ", style: style), x: column, y: row)
            }
        }
    }

    /// Sets one cell, first replacing any wide character it would cut in half with a space,
    /// so no stray half character is ever left on screen.
    mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let old = self[x: x, y: y]
        if old.isContinuation, !cell.isContinuation, x > 0 {
            let head = self[x: x - 1, y: y]
            cells[y * width + x - 1] = Cell(" ", style: head.style)
        }
        if !old.isContinuation, self[x: x + 1, y: y].isContinuation {
            cells[y * width + x + 1] = Cell(" ", style: old.style)
        }
        cells[y * width + x] = cell
    }

    private func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }
}
