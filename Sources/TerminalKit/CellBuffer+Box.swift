extension CellBuffer {
    /// Draws a box with single Unicode lines (┌─┐│└┘) around the rectangle, clipped to the
    /// buffer, with `title` set into the top border as `┌ Title ─┐`. The inside is left as it
    /// was. A title too long for the border is cut with `…`, so it never breaks a corner.
    public mutating func drawBox(
        x: Int, y: Int, width: Int, height: Int, style: Style = .plain, title: String? = nil
    ) {
        guard width >= 2, height >= 2 else { return }
        let right = x + width - 1
        let bottom = y + height - 1
        for column in x + 1..<right {
            put(Cell("─", style: style), x: column, y: y)
            put(Cell("─", style: style), x: column, y: bottom)
        }
        for row in y + 1..<bottom {
            put(Cell("│", style: style), x: x, y: row)
            put(Cell("│", style: style), x: right, y: row)
        }
        put(Cell("┌", style: style), x: x, y: y)
        put(Cell("┐", style: style), x: right, y: y)
        put(Cell("└", style: style), x: x, y: bottom)
        put(Cell("┘", style: style), x: right, y: bottom)
        if let title, !title.isEmpty, width >= 5 {
            // Two columns go to the corners and two to the spaces around the title.
            let shown = title.truncated(toWidth: width - 4)
            write(" " + shown + " ", x: x + 1, y: y, style: style, maxWidth: width - 2)
        }
    }

    /// Draws a horizontal rule of `─` across `width` columns, for separators inside a box.
    public mutating func drawHorizontalLine(x: Int, y: Int, width: Int, style: Style = .plain) {
        for column in x..<x + max(0, width) {
            put(Cell("─", style: style), x: column, y: y)
        }
    }
}
