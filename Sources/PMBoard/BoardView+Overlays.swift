import Foundation
import PMDomain
import TerminalKit

extension BoardView {
    static func drawOverlay(_ state: BoardState, into buffer: inout CellBuffer) {
        switch state.mode {
        case .board:
            if let banner = state.banner { drawBanner(banner, state, &buffer) }
        case .detail(let id):
            if let project = state.project(id) { drawDetail(project, state, &buffer) }
        case .form(let form):
            drawForm(form, state, &buffer)
        case .confirmDiscard:
            let lines = ["Discard what you typed?", "", "y discard · any other key keeps editing"]
            drawPanel(title: "Cancel", lines: lines.map { ($0, Style.plain) }, width: 44, state, &buffer)
        case .moveMenu(let id, let index):
            guard let project = state.project(id) else { return }
            let lines = project.status.others.enumerated().map { offset, status in
                ("\(offset + 1)  \(status.heading)", offset == index ? selected : Style.plain)
            }
            drawPanel(title: "Move \"\(project.title)\" to", lines: lines, width: 36, state, &buffer)
        case .history:
            drawHistory(state, &buffer)
        case .help:
            drawPanel(title: "Keys", lines: helpLines.map { ($0, Style.plain) }, width: 60, state, &buffer)
        }
    }

    static let helpLines = [
        "←/→ h/l      move between lists",
        "↑/↓ j/k      move between cards",
        "g/G PgUp/Dn  first / last card, page up / down",
        "a or +       new project",
        "Enter        open the card (e to edit)",
        "e            edit the selected card",
        "m            move menu;  H/L move left / right at once",
        "d or Delete  delete (u undoes)",
        "u / Ctrl-R   undo / redo",
        "y            history",
        "/            filter cards as you type (Esc clears)",
        "s            sync now (and retry after an error)",
        "q / Ctrl-C   quit",
    ]

    /// A centred box with a title and lines, clipped to the screen.
    static func drawPanel(
        title: String, lines: [(String, Style)], width: Int, _ state: BoardState, _ buffer: inout CellBuffer
    ) {
        let width = min(width, state.size.width - 2)
        let height = min(lines.count + 2, state.size.height - 2)
        let x = (state.size.width - width) / 2
        let y = max(1, (state.size.height - height) / 2)
        buffer.fill(x: x, y: y, width: width, height: height, style: .plain)
        buffer.drawBox(x: x, y: y, width: width, height: height, style: Style(bold: true), title: title)
        for (offset, (line, style)) in lines.prefix(height - 2).enumerated() {
            if style == selected { buffer.fill(x: x + 1, y: y + 1 + offset, width: width - 2, height: 1, style: style) }
            _ = buffer.write(line, x: x + 2, y: y + 1 + offset, style: style, maxWidth: width - 4)
        }
    }

    static func drawBanner(_ banner: String, _ state: BoardState, _ buffer: inout CellBuffer) {
        let lines = [(banner, Style(bold: true)), ("", Style.plain), ("press any key", dim)]
        drawPanel(title: "Today", lines: lines, width: banner.displayWidth + 6, state, &buffer)
    }

    static func drawDetail(_ project: Project, _ state: BoardState, _ buffer: inout CellBuffer) {
        let width = min(72, state.size.width - 2)
        let overdue = project.isOverdue(today: state.today)
        var lines: [(String, Style)] = [
            (project.title, Style(bold: true)),
            ("", .plain),
            ("List      \(project.status.heading)", .plain),
            ("Deadline  \(project.deadline)\(overdue ? "  overdue" : "")", overdue ? BoardView.overdue : .plain),
            ("", .plain),
        ]
        let text = project.description.isEmpty ? "(no description)" : project.description
        lines += BoardLayout.descriptionLines(text, width: width - 4, limit: max(1, state.size.height - 12))
            .map { ($0, Style.plain) }
        lines += [("", .plain), ("e edit · m move · d delete · Esc back", dim)]
        drawPanel(title: "Project", lines: lines, width: width, state, &buffer)
    }

    static func drawForm(_ form: ProjectForm, _ state: BoardState, _ buffer: inout CellBuffer) {
        let width = min(72, state.size.width - 2)
        let inner = width - 4
        func errorLines(_ field: ProjectForm.Field) -> [(String, Style)] {
            guard let error = form.errors[field] else { return [] }
            return BoardLayout.descriptionLines("✗ " + error, width: inner - 2, limit: 3).map { ("  " + $0, overdue) }
        }
        func field(_ name: String, _ value: String, _ field: ProjectForm.Field) -> [(String, Style)] {
            let focused = form.focus == field
            let text = value + (focused ? "▏" : "")
            var lines = [(name, Style(bold: focused))]
            lines.append(("  " + text, focused ? Style(underline: true) : .plain))
            return lines + errorLines(field)
        }
        var lines: [(String, Style)] = []
        lines += field("Title", form.title, .title)
        lines += field("Deadline  (2026-12-24, today, tomorrow, +3d, +2w)", form.deadline, .deadline)
        let count = "\(form.description.count)/\(ProjectRules.descriptionLimit)"
        let label = "Description"
        let gap = String(repeating: " ", count: max(1, inner - label.displayWidth - count.displayWidth))
        lines.append((label + gap + count, Style(bold: form.focus == .description)))
        let text = form.description + (form.focus == .description ? "▏" : "")
        for line in BoardLayout.descriptionLines(text, width: inner - 2, limit: 6) {
            lines.append(("  " + line, form.focus == .description ? Style(underline: true) : .plain))
        }
        lines += errorLines(.description)
        lines += [("", .plain), ("Ctrl-S save · Tab next field · Esc cancel", dim)]
        drawPanel(
            title: form.editing == nil ? "New project" : "Edit project", lines: lines, width: width, state, &buffer)
    }

    static func drawHistory(_ state: BoardState, _ buffer: inout CellBuffer) {
        let width = state.size.width
        let height = state.size.height - 2
        buffer.fill(x: 0, y: 1, width: width, height: height, style: .plain)
        buffer.drawBox(
            x: 0, y: 1, width: width, height: height, style: Style(bold: true),
            title: "History (\(state.history.count))")
        let rows = height - 2
        let entries = state.history.dropFirst(state.historyTop).prefix(rows)
        if entries.isEmpty {
            _ = buffer.write("No history yet.", x: 2, y: 2, style: dim)
        }
        for (offset, entry) in entries.enumerated() {
            let time = Self.localTime(entry.at, state)
            var x = 2 + buffer.write(time + "  ", x: 2, y: 2 + offset, style: dim)
            x += buffer.write(entry.summary, x: x, y: 2 + offset, maxWidth: width - x - 2)
            let by = "  (" + entry.madeBy(thisDevice: state.thisDevice) + ")"
            buffer.write(by, x: x, y: 2 + offset, style: dim, maxWidth: width - x - 2)
        }
    }

    static func localTime(_ date: Date, _ state: BoardState) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + state.utcOffset
        let day = Deadline(daysSince1970: Int((Double(seconds) / 86_400).rounded(.down)))
        let inDay = seconds - day.daysSince1970 * 86_400
        let hours = inDay / 3600
        let minutes = inDay % 3600 / 60
        return "\(day) \(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }
}
