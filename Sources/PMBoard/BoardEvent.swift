import PMStore
import PMSync
import TerminalKit

/// What wakes the board's loop. Every source (the terminal, the sync engine, the clock) yields
/// into one stream, so the loop is the one place the board's state changes, one event at a time.
enum BoardEvent: Sendable {
    /// Keys, a paste, the mouse or a resize.
    case terminal(TerminalInput)
    /// A lone Esc has waited long enough to be the Esc key, if no input came since the timer
    /// with this number was set.
    case escapeTimeout(Int)
    /// The sync engine reported where it stands.
    case sync(SyncStatus)
    /// The poll interval passed: time to look at the date and the database.
    case tick
    /// Every card, read after the first frame was drawn from each list's first cards.
    case loaded(BoardLoad)
}
