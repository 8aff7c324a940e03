public import Foundation

/// One of this device's own actions, as undo and redo need it: the values of the fields it
/// changed, before and after. Undoing is a new operation that sets `before` again, so it syncs
/// like any other change.
public struct UndoStep: Hashable, Sendable, Codable {
    /// The project the action changed.
    public var projectID: UUID
    /// The changed fields' values before the action.
    public var before: ProjectFields
    /// The same fields' values after it.
    public var after: ProjectFields

    /// A step from its parts.
    public init(projectID: UUID, before: ProjectFields, after: ProjectFields) {
        self.projectID = projectID
        self.before = before
        self.after = after
    }

    /// The step for setting `change` on a project whose fields were `current` (`nil` when the
    /// action created it: undoing an add deletes the card).
    public init(projectID: UUID, current: ProjectFields?, change: ProjectFields) {
        self.projectID = projectID
        self.after = change
        guard let current else {
            self.before = ProjectFields(deleted: true)
            return
        }
        var before = ProjectFields()
        if change.title != nil { before.title = current.title }
        if change.description != nil { before.description = current.description ?? "" }
        if change.deadline != nil { before.deadline = current.deadline }
        if change.status != nil { before.status = current.status ?? .todo }
        if change.deleted != nil { before.deleted = current.deleted ?? false }
        self.before = before
    }

    /// How many steps each stack keeps.
    public static let depth = 100
}
