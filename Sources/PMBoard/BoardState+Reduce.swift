import Foundation
import PMDomain
import TerminalKit

extension BoardState {
    /// Applies `action` and returns the effects for the runtime to carry out. Pure: no I/O.
    public mutating func reduce(_ action: BoardAction) -> [BoardEffect] {
        switch action {
        case .input(let event):
            return handle(event)
        case .resized(let size):
            self.size = size
            scrollToSelection()
            return []
        case .reloaded(let projects):
            replaceProjects(projects)
            scrollToSelection()
            return []
        case .loaded(let board):
            loaded(board)
            scrollToSelection()
            return []
        case .dayChanged(let day):
            today = day
            return []
        case .historyLoaded(let entries):
            history = entries
            historyTop = 0
            return []
        case .syncStatusChanged(let status):
            applySync(status)
            return []
        case .changed(let id, let project, let text):
            place(id, as: project)
            if let project { column = project.status }
            message = text
            scrollToSelection()
            return []
        case .failed(let text):
            if case .form(var form) = mode {
                form.errors[.title] = text
                mode = .form(form)
            } else {
                message = text
            }
            return []
        }
    }

    private mutating func handle(_ event: InputEvent) -> [BoardEffect] {
        if case .key(.ctrl("c")) = event { return [.quit] }
        if banner != nil {
            banner = nil
            return []
        }
        message = nil
        switch event {
        case .mouse(let mouse): return handle(mouse)
        case .key(let key): return handle(key)
        default: return []
        }
    }

    private mutating func handle(_ key: Key) -> [BoardEffect] {
        switch mode {
        case .board: return isTypingFilter ? typeFilter(key) : boardKey(key)
        case .detail(let id): return detailKey(key, id)
        case .form(let form): return formKey(key, form)
        case .confirmDiscard(let form):
            if key == .character("y") { mode = .board } else { mode = .form(form) }
            return []
        case .moveMenu(let id, let index): return moveMenuKey(key, id, index)
        case .history: return historyKey(key)
        case .help:
            mode = .board
            return []
        }
    }

    private mutating func boardKey(_ key: Key) -> [BoardEffect] {
        switch key {
        case .left, .character("h"): shiftColumn(-1)
        case .right, .character("l"), .tab: shiftColumn(1)
        case .backTab: shiftColumn(-1)
        case .up, .character("k"): select(by: -1)
        case .down, .character("j"): select(by: 1)
        case .character("g"), .home: select(at: 0)
        case .character("G"), .end: select(at: cards(column).count - 1)
        case .pageUp: select(by: -pageSize)
        case .pageDown: select(by: pageSize)
        case .character("a"), .character("+"): mode = .form(.new())
        case .enter: if let project = selectedProject { mode = .detail(project.id) }
        case .character("e"): if let project = selectedProject { mode = .form(.edit(project)) }
        case .character("m"): if let project = selectedProject { mode = .moveMenu(project: project.id, index: 0) }
        case .character("H"): return moveSelected(by: -1)
        case .character("L"): return moveSelected(by: 1)
        case .character("d"), .delete: return selectedProject.map { [.delete($0.id)] } ?? []
        case .character("u"): return [.undo]
        case .ctrl("r"): return [.redo]
        case .character("y"):
            mode = .history
            return [.loadHistory]
        case .character("s"):
            // A repeat of the last error is news again once the user asked.
            announcedSyncError = nil
            message = Self.syncingMessage
            return [.syncNow]
        case .character("/"): isTypingFilter = true
        case .escape: if !filter.isEmpty { setFilter("") }
        case .character("?"): mode = .help
        case .character("q"): return [.quit]
        default: break
        }
        return []
    }

    private mutating func typeFilter(_ key: Key) -> [BoardEffect] {
        switch key {
        case .enter: isTypingFilter = false
        case .escape:
            isTypingFilter = false
            setFilter("")
        case .backspace: setFilter(String(filter.dropLast()))
        case .character(let character): setFilter(filter + String(character))
        default: break
        }
        scrollToSelection()
        return []
    }

    private mutating func detailKey(_ key: Key, _ id: UUID) -> [BoardEffect] {
        switch key {
        case .escape, .enter, .character("q"): mode = .board
        case .character("e"): if let project = project(id) { mode = .form(.edit(project)) }
        case .character("m"): mode = .moveMenu(project: id, index: 0)
        case .character("d"), .delete:
            mode = .board
            return [.delete(id)]
        default: break
        }
        return []
    }

    private mutating func moveMenuKey(_ key: Key, _ id: UUID, _ index: Int) -> [BoardEffect] {
        guard let project = project(id) else {
            mode = .board
            return []
        }
        let targets = project.status.others
        switch key {
        case .up, .character("k"): mode = .moveMenu(project: id, index: max(0, index - 1))
        case .down, .character("j"): mode = .moveMenu(project: id, index: min(targets.count - 1, index + 1))
        case .character("1"), .character("2"):
            mode = .board
            return [.move(id, targets[key == .character("1") ? 0 : 1])]
        case .enter:
            mode = .board
            return [.move(id, targets[index])]
        case .escape, .character("q"): mode = .board
        default: break
        }
        return []
    }

    private mutating func historyKey(_ key: Key) -> [BoardEffect] {
        let page = max(1, size.height - 4)
        switch key {
        case .escape, .character("y"), .character("q"): mode = .board
        case .up, .character("k"): historyTop = max(0, historyTop - 1)
        case .down, .character("j"): historyTop = min(max(0, history.count - 1), historyTop + 1)
        case .pageUp: historyTop = max(0, historyTop - page)
        case .pageDown: historyTop = min(max(0, history.count - 1), historyTop + page)
        default: break
        }
        return []
    }

    private mutating func moveSelected(by offset: Int) -> [BoardEffect] {
        guard let project = selectedProject else { return [] }
        let all = Status.allCases
        let target = all.firstIndex(of: project.status)! + offset
        guard all.indices.contains(target) else { return [] }
        return [.move(project.id, all[target])]
    }

    private var pageSize: Int { max(1, (size.height - 4) / 4) }

    mutating func shiftColumn(_ offset: Int) {
        let all = Status.allCases
        let index = all.firstIndex(of: column)! + offset
        if all.indices.contains(index) { column = all[index] }
        scrollToSelection()
    }

    mutating func select(by offset: Int) {
        select(at: (selected[column] ?? 0) + offset)
    }

    mutating func select(at index: Int) {
        let count = cards(column).count
        selected[column] = max(0, min(count - 1, index))
        scrollToSelection()
    }

    /// Scrolls each column just enough that its selected card is in view.
    mutating func scrollToSelection() {
        let layout = BoardLayout(self)
        for column in layout.columns {
            let status = column.status
            let index = selected[status] ?? 0
            if index < top[status] ?? 0 { top[status] = index }
            guard let last = layout.visibleCards(self, column).last, last.index < index else { continue }
            // Put the selected card at the bottom: walk up from it while the cards above still fit.
            let cards = cards(status)
            let width = BoardLayout.textWidth(column)
            var first = index
            var used = BoardLayout.cardLines(cards[index], width: width).count
            while first > 0 {
                let height = BoardLayout.cardLines(cards[first - 1], width: width).count + 1
                if used + height > layout.innerHeight { break }
                used += height
                first -= 1
            }
            top[status] = first
        }
    }
}
