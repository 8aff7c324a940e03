import PMDomain
import PMStore
import PMSync
import TerminalKit

/// What the board's loop carries from one event to the next: the state, the frame last drawn,
/// keys half decoded, and the database version already shown.
struct BoardSession {
    /// What the loop does after an event.
    enum Next: Equatable {
        case proceed
        case quit
        /// Input ended on a lone Esc: set a timer that sends this number back as an
        /// `escapeTimeout`, so an Esc key is told from the start of a sequence cut in two.
        case awaitEscape(Int)
        /// Read the whole board (again), in the background, and send it back as `loaded`: the
        /// read that arrived was older than what the board has shown since.
        case load
    }

    let app: BoardApp
    private(set) var state: BoardState
    private var renderer = Renderer()
    private var decoder = KeyDecoder()
    /// The newest operation sequence shown, counting the board's own writes.
    private var version: Int64
    private var needsFrame = true
    private var escapeTimer = 0
    /// Whether the whole-board read under way may have missed a change that moves no sequence
    /// (a first sync round that stores the server's cards), so it must be read again.
    private var loadIsStale = false

    init(app: BoardApp) throws {
        self.app = app
        let opening = try app.opening()
        state = opening.state
        version = opening.sequence
        if app.sync != nil {
            _ = state.reduce(
                .syncStatusChanged(SyncStatus(phase: .connecting, pending: try app.database.pendingCount())))
        }
    }

    /// Writes the cells that changed since the last frame, if anything did.
    mutating func draw() {
        guard needsFrame else { return }
        app.terminal.write(renderer.render(BoardView.render(state)))
        needsFrame = false
    }

    /// Applies one event to the state and carries out what it asks for.
    mutating func handle(_ event: BoardEvent) throws -> Next {
        switch event {
        case .terminal(.bytes(let bytes)):
            escapeTimer += 1
            guard try apply(decoder.decode(bytes)) else { return .quit }
            return decoder.hasPendingEscape ? .awaitEscape(escapeTimer) : .proceed
        case .terminal(.resized(let size)):
            _ = state.reduce(.resized(size))
            renderer.invalidate()
            needsFrame = true
        case .escapeTimeout(let timer):
            // A timer set before more input came is stale: that input settled the Esc already.
            guard timer == escapeTimer else { return .proceed }
            guard try apply(decoder.flushPendingEscape()) else { return .quit }
        case .sync(let status):
            var caughtUp = false
            if status != state.sync {
                _ = state.reduce(.syncStatusChanged(status))
                // A first round may start from the server's cards, which come without operations.
                caughtUp = status.phase == .live
                needsFrame = true
            }
            // The engine reports after every step, merges included: others' cards show at once.
            try reloadIfChanged(force: caughtUp)
        case .tick:
            let today = app.environment.today
            if today != state.today {
                _ = state.reduce(.dayChanged(today))
                needsFrame = true
            }
            try reloadIfChanged(force: false)
        case .loaded(let load):
            // Shown only if it holds everything the board has shown since the opening frame,
            // its own writes included; otherwise read again from the current sequence.
            guard load.sequence == version, !loadIsStale else {
                version = try app.database.latestSequence()
                loadIsStale = false
                return .load
            }
            _ = state.reduce(.loaded(load.board))
            needsFrame = true
        }
        return .proceed
    }

    /// Feeds decoded input to the reducer and carries out its effects; false once it quits.
    private mutating func apply(_ events: [InputEvent]) throws -> Bool {
        for event in events {
            for effect in state.reduce(.input(event)) {
                if effect == .quit { return false }
                let recorded = app.perform(effect, &state)
                version += recorded
                if recorded > 0 { app.sync?.localChange() }
            }
            needsFrame = true
        }
        return true
    }

    /// Reloads every card when the database moved past what is shown (another process wrote,
    /// or the engine merged), or when `force`d. Until the whole board has arrived, the read
    /// under way stands for the reload: it is checked against the sequence when it arrives.
    private mutating func reloadIfChanged(force: Bool) throws {
        guard state.isComplete else {
            loadIsStale = loadIsStale || force
            return
        }
        let latest = try app.database.latestSequence()
        guard latest != version || force else { return }
        version = latest
        _ = state.reduce(.reloaded(try app.database.projects()))
        needsFrame = true
    }
}
