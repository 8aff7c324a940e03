public import Foundation
public import PMDomain
public import PMSync
public import TerminalKit

/// What the reducer asks the runtime to do: the database work, syncing and quitting.
public enum BoardEffect: Equatable, Sendable {
    case add(ProjectInput)
    case edit(UUID, ProjectInput)
    case move(UUID, Status)
    case delete(UUID)
    case undo
    case redo
    case loadHistory
    /// Ask the sync engine for a round now (`s`), also after it stopped on an error.
    case syncNow
    case quit
}

/// What happens to the board: a key, a resize, the sync engine's news, or the result of an effect.
public enum BoardAction: Equatable, Sendable {
    case input(InputEvent)
    case resized(TerminalSize)
    case reloaded([Project])
    /// Every card, sorted into its lists: the rest of the board after the opening frame.
    case loaded(Board)
    case dayChanged(Deadline)
    case historyLoaded([HistoryEntry])
    /// The sync engine reported where it stands.
    case syncStatusChanged(SyncStatus)
    /// An effect succeeded: the card it changed (`nil` when deleted) and the footer message.
    case changed(UUID, Project?, message: String)
    case failed(String)
}
