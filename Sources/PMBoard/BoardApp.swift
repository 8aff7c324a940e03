import Foundation
public import PMDomain
public import PMStore
public import PMSync
public import TerminalKit

/// The board: reads keys, runs the reducer, carries out its effects on the database, and
/// writes only the cells that changed. Notices other processes' changes and the day changing,
/// so a board left open at midnight moves on by itself. With a sync engine, runs it alongside:
/// the header follows its status, the board's own changes are pushed at once, and what it
/// merges from others shows up as soon as it reports.
public struct BoardApp: Sendable {
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

    /// A board over `database`, drawn on `terminal`, polling on the environment's clock, synced
    /// by `sync` when a remote is set.
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
    public func run() async throws {
        try terminal.start()
        defer { terminal.stop() }
        try await loop()
    }

    /// The event loop: the terminal's input, the sync engine's reports, the clock's ticks,
    /// escape timeouts and the whole board read after the first frame all arrive through one
    /// stream, and each is handled to the end before the next. The whole board is read in a
    /// task of its own, so keys pressed meanwhile are answered from the cards already shown. Other processes' writes are found by polling the database's version on the tick
    /// rather than through GRDB's `ValueObservation`, which only sees writes made through this
    /// process's own connection: the CLI in another shell writes through its own.
    private func loop() async throws {
        var session = try BoardSession(app: self)
        let (events, inbox) = AsyncStream.makeStream(of: BoardEvent.self)
        let (terminal, sync, clock, database) = (terminal, sync, environment.clock, database)
        try await withThrowingDiscardingTaskGroup { group in
            defer { group.cancelAll() }
            group.addTask {
                for await input in terminal.input() { inbox.yield(.terminal(input)) }
            }
            group.addTask {
                while (try? await clock.sleep(for: Self.pollInterval)) != nil { inbox.yield(.tick) }
            }
            if let sync {
                group.addTask { await sync.run { inbox.yield(.sync($0)) } }
            }
            session.draw()
            let load: @Sendable () async throws -> Void = { inbox.yield(.loaded(try database.boardLoad())) }
            if !session.state.isComplete { group.addTask(operation: load) }
            for await event in events {
                switch try session.handle(event) {
                case .quit:
                    return
                case .proceed:
                    break
                case .load:
                    group.addTask(operation: load)
                case .awaitEscape(let timer):
                    group.addTask {
                        guard (try? await clock.sleep(for: Self.escapeDelay)) != nil else { return }
                        inbox.yield(.escapeTimeout(timer))
                    }
                }
                session.draw()
            }
        }
    }

    /// The first state and the operation sequence it shows: each list's first screen of cards
    /// (a card takes at least one row, so a list never shows more than the terminal's height),
    /// the lists' sizes, and the banner with overdue and due-today counts. None of it reads the
    /// whole board, so the first frame costs the same at any size; when every card fits, the
    /// state is complete already and nothing more is read.
    func opening() throws -> (state: BoardState, sequence: Int64) {
        let today = environment.today
        let size = terminal.size
        let opening = try database.boardOpening(limit: max(1, size.height), today: today)
        var state = BoardState(databaseName: databaseName, today: today, size: size)
        if Status.allCases.allSatisfy({ opening.lists[$0]?.count == opening.counts[$0] }) {
            state.loaded(Board(Status.allCases.flatMap { opening.lists[$0] ?? [] }))
        } else {
            state.showFirst(opening.lists, totals: opening.counts)
        }
        state.utcOffset = environment.timeZone.secondsFromGMT(for: environment.now())
        state.thisDevice = try database.deviceID()
        state.banner = Self.banner(overdue: opening.overdue, dueToday: opening.dueToday)
        return (state, opening.sequence)
    }

    /// `3 overdue · 2 due today`, or `nil` when nothing is.
    static func banner(overdue: Int, dueToday: Int) -> String? {
        guard overdue + dueToday > 0 else { return nil }
        return "\(overdue) overdue · \(dueToday) due today"
    }
}
