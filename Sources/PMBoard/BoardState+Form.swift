import Foundation
import PMDomain
import TerminalKit

extension BoardState {
    /// Keys in the new-project or edit form. Nothing is saved until every field is valid.
    mutating func formKey(_ key: Key, _ form: ProjectForm) -> [BoardEffect] {
        var form = form
        let fields = ProjectForm.Field.allCases
        switch key {
        case .tab:
            form.focus = fields[(fields.firstIndex(of: form.focus)! + 1) % fields.count]
        case .backTab:
            form.focus = fields[(fields.firstIndex(of: form.focus)! + fields.count - 1) % fields.count]
        case .ctrl("s"):
            let original = form.editing.flatMap(project)
            guard form.validate(today: today, original: original) else { break }
            mode = .board
            if let id = form.editing { return [.edit(id, form.input)] }
            return [.add(form.input)]
        case .escape:
            mode = form.isDirty ? .confirmDiscard(form) : .board
            return []
        case .backspace:
            form.focusedText = String(form.focusedText.dropLast())
        case .enter:
            if form.focus == .description {
                form.description.append("\n")
            } else {
                form.focus = fields[(fields.firstIndex(of: form.focus)! + 1) % fields.count]
            }
        case .character(let character):
            form.focusedText.append(character)
        default:
            break
        }
        mode = .form(form)
        return []
    }

    /// A click selects the card under it; the wheel scrolls the column under it.
    mutating func handle(_ mouse: MouseEvent) -> [BoardEffect] {
        guard mode == .board else { return [] }
        let layout = BoardLayout(self)
        guard let column = layout.column(atX: mouse.x) else { return [] }
        switch mouse.kind {
        case .wheelUp:
            top[column.status] = max(0, (top[column.status] ?? 0) - 1)
        case .wheelDown:
            let count = cards(column.status).count
            top[column.status] = min(max(0, count - 1), (top[column.status] ?? 0) + 1)
        case .press:
            self.column = column.status
            let width = BoardLayout.textWidth(column)
            for (index, row) in layout.visibleCards(self, column) {
                let height = BoardLayout.cardLines(cards(column.status)[index], width: width).count
                if mouse.y >= row && mouse.y < row + height {
                    selected[column.status] = index
                }
            }
        default:
            break
        }
        return []
    }
}
