extension UndoStep {
    /// The action this step records, as history told it when it was made (`Moved "X" from TODO
    /// to DOING`), whichever way it is now being taken: `current` is the card now, which gives
    /// the fields the action did not set, and `operation` the undo's or redo's own operation.
    public func action(on current: ProjectState, operation: ProjectOperation) -> HistoryEntry? {
        var was = ProjectState(id: projectID)
        // An add's step is "deleted" before and the new card's fields after: it was made from nothing.
        let isAdd = before.deleted == true && after.title != nil
        if !isAdd {
            var fields = current.fields
            if let title = before.title { fields.title = title }
            if let description = before.description { fields.description = description }
            if let deadline = before.deadline { fields.deadline = deadline }
            if let status = before.status { fields.status = status }
            if let deleted = before.deleted { fields.deleted = deleted }
            was.apply(
                ProjectOperation(
                    id: operation.id, projectID: projectID, timestamp: operation.timestamp, fields: fields))
        }
        return HistoryEntry(
            operation: ProjectOperation(
                id: operation.id, projectID: projectID, timestamp: operation.timestamp, fields: after),
            before: was)
    }
}

extension HistoryEntry {
    /// What `pm undo` and `pm redo` (and the terminal board) say: the action taken back or done
    /// again (``UndoStep/action(on:operation:)``) and where the card is now (`project`, `nil`
    /// once deleted).
    ///
    /// `Undone: Moved "Write spec" from TODO to DOING. Now "Write spec" is in TODO.`
    public static func undoSentence(undone: Bool, action: HistoryEntry?, now project: Project?) -> String {
        let verb = undone ? "Undone" : "Redone"
        guard let action else { return verb + ": no visible change (the card had been changed since)" }
        let said = verb + ": " + action.summary
        guard let project else { return said + ". Now \"\(action.title)\" is deleted." }
        return said + ". Now \"\(project.title)\" is in \(project.status.heading)."
    }
}
