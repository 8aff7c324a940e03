import Foundation
import PMDomain
import PMSync
public import TerminalKit

/// Draws a board state into a cell buffer: a pure function of the state and its size.
public enum BoardView {
    static let overdue = Style(foreground: .red, bold: true)
    static let selected = Style(reverse: true)
    static let header = Style(bold: true, reverse: true)
    static let dim = Style(dim: true)

    /// The whole frame for `state`.
    public static func render(_ state: BoardState) -> CellBuffer {
        var buffer = CellBuffer(width: state.size.width, height: state.size.height)
        guard state.size.width >= 20, state.size.height >= 8 else {
            _ = buffer.write("Terminal too small", x: 0, y: 0)
            return buffer
        }
        drawHeader(state, into: &buffer)
        let layout = BoardLayout(state)
        if state.isNarrow { drawTabs(state, into: &buffer) }
        for column in layout.columns {
            drawColumn(column, state, layout, into: &buffer)
        }
        drawFooter(state, into: &buffer)
        drawOverlay(state, into: &buffer)
        return buffer
    }

    static func drawHeader(_ state: BoardState, into buffer: inout CellBuffer) {
        let width = state.size.width
        buffer.fill(x: 0, y: 0, width: width, height: 1, style: header)
        let right = "\(state.today) · \(state.syncStatus) "
        let left = " Project Manager · \(state.databaseName)"
        let room = max(0, width - right.displayWidth - 1)
        _ = buffer.write(left.truncated(toWidth: room), x: 0, y: 0, style: header, maxWidth: room)
        _ = buffer.write(right, x: max(0, width - right.displayWidth), y: 0, style: header)
    }

    static func drawTabs(_ state: BoardState, into buffer: inout CellBuffer) {
        var x = 1
        for status in Status.allCases {
            let label = " \(status.heading) (\(state.count(status))) "
            x += buffer.write(label, x: x, y: 1, style: status == state.column ? selected : dim)
            x += buffer.write("│", x: x, y: 1, style: dim)
        }
    }

    static func drawColumn(
        _ column: BoardLayout.Column, _ state: BoardState, _ layout: BoardLayout, into buffer: inout CellBuffer
    ) {
        let status = column.status
        let cards = state.cards(status)
        let focused = status == state.column && state.mode == .board
        let title = "\(status.heading) (\(state.count(status)))"
        buffer.drawBox(
            x: column.x, y: layout.boxTop, width: column.width, height: layout.boxBottom - layout.boxTop + 1,
            style: focused ? Style(bold: true) : dim, title: title)
        let visible = layout.visibleCards(state, column)
        let width = BoardLayout.textWidth(column)
        for (index, row) in visible {
            let project = cards[index]
            let isSelected = focused && index == (state.selected[status] ?? 0)
            drawCard(project, x: column.x + 2, row: row, width: width, selected: isSelected, state.today, &buffer)
        }
        let above = state.top[status] ?? 0
        if above > 0 {
            let text = "▲ \(above) more"
            _ = buffer.write(text, x: column.x + column.width - text.displayWidth - 2, y: layout.boxTop, style: dim)
        }
        let below = state.count(status) - above - visible.count
        if below > 0 {
            let text = "▼ \(below) more"
            _ = buffer.write(text, x: column.x + column.width - text.displayWidth - 2, y: layout.boxBottom, style: dim)
        }
    }

    static func drawCard(
        _ project: Project, x: Int, row: Int, width: Int, selected isSelected: Bool, _ today: Deadline,
        _ buffer: inout CellBuffer
    ) {
        let lines = BoardLayout.cardLines(project, width: width)
        let base = isSelected ? selected : Style.plain
        for (offset, line) in lines.enumerated() {
            let y = row + offset
            if isSelected { buffer.fill(x: x - 1, y: y, width: width + 2, height: 1, style: selected) }
            var style = base
            if offset == 0 { style.bold = true }
            if offset > 0 && offset < lines.count - 1 { style.dim = !isSelected }
            if offset == lines.count - 1 && project.isOverdue(today: today) {
                style = isSelected ? Style(foreground: .red, bold: true, reverse: true) : overdue
                _ = buffer.write(line + " overdue", x: x, y: y, style: style, maxWidth: width)
                continue
            }
            _ = buffer.write(line, x: x, y: y, style: style, maxWidth: width)
        }
    }

    static func drawFooter(_ state: BoardState, into buffer: inout CellBuffer) {
        let y = state.size.height - 1
        let text: String
        if let message = state.message {
            text = message
        } else if state.isTypingFilter || !state.filter.isEmpty {
            text = "/\(state.filter)\(state.isTypingFilter ? "▏" : "")  Enter keep · Esc clear"
        } else if state.mode == .board, case .stopped(let reason) = state.sync?.phase {
            // Stopped waits for the user, so the reason stays in view rather than until a key.
            text = BoardState.stoppedMessage(reason)
        } else {
            text = footerKeys(state.mode)
        }
        _ = buffer.write(" " + text, x: 0, y: y, style: dim, maxWidth: state.size.width)
    }

    static func footerKeys(_ mode: BoardState.Mode) -> String {
        switch mode {
        case .board:
            "←→ list  ↑↓ card  a add  ⏎ open  e edit  m move  H/L shift  d delete  u undo  y history  / filter  s sync  ? help  q quit"
        case .detail: "e edit  m move  d delete  Esc back"
        case .form: "Tab next field  Shift-Tab previous  Ctrl-S save  Esc cancel"
        case .confirmDiscard: "y discard  any other key keeps editing"
        case .moveMenu: "↑↓ choose  ⏎ move  1/2 move  Esc cancel"
        case .history: "↑↓ PgUp/PgDn scroll  Esc close"
        case .help: "any key closes"
        }
    }
}
