import PMDomain
import PMStore
import PMSync

extension BoardApp {
    /// Carries out one effect and feeds its result back. Returns how many operations it recorded,
    /// so the loop can tell its own writes from other processes'.
    func perform(_ effect: BoardEffect, _ state: inout BoardState) -> Int64 {
        do {
            let today = environment.today
            let result: ChangeResult
            switch effect {
            case .add(let input):
                result = try database.add(try input.newProject(today: today))
            case .edit(let id, let input):
                result = try database.change(id) { try input.edit(of: $0, today: today) }
            case .move(let id, let status):
                result = try database.move(id, to: status)
            case .delete(let id):
                result = try database.delete(id)
            case .undo:
                result = try database.undo()
            case .redo:
                result = try database.redo()
            case .loadHistory:
                _ = state.reduce(.historyLoaded(try database.history(limit: 1000)))
                return 0
            case .syncNow:
                guard let sync else {
                    _ = state.reduce(.failed(Self.noRemote))
                    return 0
                }
                sync.syncNow()
                return 0
            case .quit:
                return 0
            }
            guard let operation = result.operation else { return 0 }
            _ = state.reduce(.changed(operation.projectID, result.project, message: Self.message(effect, result)))
            return 1
        } catch {
            _ = state.reduce(.failed("\(error)"))
            return 0
        }
    }

    static func message(_ effect: BoardEffect, _ result: ChangeResult) -> String {
        let summary = result.entry?.summary ?? "No visible change"
        switch effect {
        case .delete: return "\(summary) — u to undo"
        case .undo: return HistoryEntry.undoSentence(undone: true, action: result.action, now: result.project)
        case .redo: return HistoryEntry.undoSentence(undone: false, action: result.action, now: result.project)
        default: return summary
        }
    }
}
