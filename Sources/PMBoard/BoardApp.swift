import Foundation
public import PMDomain
public import PMStore
public import PMSync
public import TerminalKit

/// The board's run loop: reads keys, runs the reducer, carries out its effects on the
/// database, and writes only the cells that changed. Polls for changes made by other processes
/// and for the day changing, so a board left open at midnight moves on by itself. With a sync
/// engine, runs it alongside: the header follows its status, the board's own changes are pushed
/// at once, and what it merges from others shows up through the same poll.
public struct BoardApp {
    let database: AppDatabase
    let terminal: any Terminal
    let environment: PMDomain.Environment
    let databaseName: String
    let sync: SyncEngine?

    /// How often the loop looks for other processes' changes and the date.
    static let pollInterval = Duration.milliseconds(200)
    /// How long a lone Esc waits for the rest of an escape sequence.
    static let escapeDelay = Duration.milliseconds(25)

    /// What `s` says on a board that has no remote.
    static let noRemote = "No remote set: pm remote set URL --board BOARD --token TOKEN"

    /// A board over `database`, drawn on `terminal`, synced by `sync` when a remote is set.
    public init(
        database: AppDatabase, terminal: any Terminal, environment: PMDomain.Environment, databaseName: String,
        sync: SyncEngine? = nil
    ) {
        self.database = database
        self.terminal = terminal
        self.environment = environment
        self.databaseName = databaseName
        self.sync = sync
    }

    /// Runs until the user quits. The terminal is restored however this returns or throws.
    public func run() throws {
        try terminal.start()
        defer { terminal.stop() }
        var state = try openingState()
        let mailbox = SyncStatusMailbox()
        var syncing: Task<Void, Never>?
        if let sync {
            _ = state.reduce(.syncStatusChanged(SyncStatus(phase: .connecting, pending: try database.pendingCount())))
            syncing = Task { await sync.run { mailbox.post($0) } }
        }
        defer { syncing?.cancel() }
        var renderer = Renderer()
        var decoder = KeyDecoder()
        var version = try database.latestSequence()
        var needsFrame = true
        var escapePending = false
        while true {
            if needsFrame {
                terminal.write(renderer.render(BoardView.render(state)))
                needsFrame = false
            }
            let bytes = terminal.read(timeout: escapePending ? Self.escapeDelay : Self.pollInterval)
            let events = bytes.isEmpty ? decoder.flushPendingEscape() : decoder.decode(bytes)
            escapePending = decoder.hasPendingEscape
            for event in events {
                for effect in state.reduce(.input(event)) {
                    if effect == .quit { return }
                    let recorded = perform(effect, &state)
                    version += recorded
                    if recorded > 0 { sync?.localChange() }
                }
                needsFrame = true
            }
            if let size = terminal.takeResize() {
                _ = state.reduce(.resized(size))
                renderer.invalidate()
                needsFrame = true
            }
            let today = environment.today
            if today != state.today {
                _ = state.reduce(.dayChanged(today))
                needsFrame = true
            }
            var caughtUp = false
            if let status = mailbox.take(), status != state.sync {
                _ = state.reduce(.syncStatusChanged(status))
                // A first round may start from the server's cards, which come without operations.
                caughtUp = status.phase == .live
                needsFrame = true
            }
            // Also how others' changes arrive: the engine merges them into the database.
            let latest = try database.latestSequence()
            if latest != version || caughtUp {
                version = latest
                _ = state.reduce(.reloaded(try database.projects()))
                needsFrame = true
            }
        }
    }

    /// The first state: every card, and the banner with overdue and due-today counts.
    func openingState() throws -> BoardState {
        let today = environment.today
        let projects = try database.projects()
        var state = BoardState(databaseName: databaseName, today: today, size: terminal.size, projects: projects)
        state.utcOffset = environment.timeZone.secondsFromGMT(for: environment.now())
        state.banner = Self.banner(projects, today: today)
        return state
    }

    /// `3 overdue · 2 due today`, or `nil` when nothing is.
    static func banner(_ projects: [Project], today: Deadline) -> String? {
        let overdue = projects.count { $0.isOverdue(today: today) }
        let dueToday = projects.count { $0.status != .done && $0.deadline == today }
        guard overdue + dueToday > 0 else { return nil }
        return "\(overdue) overdue · \(dueToday) due today"
    }

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
        case .undo: return "Undone: \(summary)"
        case .redo: return "Redone: \(summary)"
        default: return summary
        }
    }
}
