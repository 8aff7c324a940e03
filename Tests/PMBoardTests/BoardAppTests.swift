import Foundation
import PMDomain
import PMStore
import PMTestSupport
import TerminalKit
import Testing

@testable import PMBoard

/// The board's event loop on a mock terminal and the test world's clock: each test plays the
/// user and the passing time step by step, with no threads and no real waiting.
@Suite struct BoardAppTests {
    let size = TerminalSize(width: 90, height: 20)

    func board(_ database: AppDatabase, on terminal: MockTerminal, in world: TestWorld) -> BoardApp {
        BoardApp(
            database: database, terminal: terminal, environment: world.environment,
            databaseName: "t")
    }

    @Test func aCardTypedIntoTheFormIsSavedAndQuittingRestoresTheTerminal() async throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let terminal = MockTerminal(size: size)
        terminal.enqueue("a")
        terminal.enqueue("보드 카드")
        terminal.enqueue([0x13])  // Ctrl-S
        terminal.enqueue("q")

        try await board(database, on: terminal, in: world).run()

        #expect(try database.projects().map(\.title) == ["보드 카드"])
        #expect(terminal.stopCount == 1)
        #expect(!terminal.screen.isAlternateScreen)
        #expect(terminal.screen.isCursorVisible)
    }

    @Test(.timeLimit(.minutes(1)))
    func atMidnightTheBoardMovesToTheNewDayWithoutARestart() async throws {
        // Given a board open at 23:59:59 with a card due today, its banner dismissed
        let world = TestWorld(day: "2026-11-21", time: "23:59:59")
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try database.add(try ProjectInput(title: "Due today").newProject(today: world.environment.today))
        let terminal = MockTerminal(size: size)
        terminal.enqueue("x")  // dismisses the opening banner

        try await playing(board(database, on: terminal, in: world)) {
            #expect(await terminal.waitForScreen(showing: "2026-11-21 · local"))
            // When the clock passes midnight
            await world.waitForSleepers(1)  // the poll's tick
            world.advance(by: 2)
            #expect(await terminal.waitForScreen(showing: "2026-11-22 · local"))
            terminal.enqueue("q")
        }

        // Then the frame shows the new date, and yesterday's card as overdue
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("2026-11-22 · local"))
        #expect(screen.contains("2026-11-21 overdue"))
    }

    @Test func theOpeningBannerCountsOverdueAndDueTodayCards() throws {
        let world = TestWorld(day: "2026-11-20")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let today = world.environment.today
        _ = try database.add(try ProjectInput(title: "Yesterday's").newProject(today: today))
        _ = try database.add(try ProjectInput(title: "Tomorrow's", deadline: "+2d").newProject(today: today))
        world.advance(by: 86_400)
        _ = try database.add(try ProjectInput(title: "Today's").newProject(today: world.environment.today))
        let app = board(database, on: MockTerminal(size: size), in: world)

        let state = try app.opening().state

        #expect(state.banner == "1 overdue · 1 due today")
    }

    @Test(.timeLimit(.minutes(1)))
    func aWriteFromAnotherProcessAppearsAfterOnePollTickWithTheSelectionKept() async throws {
        // Given a board on a database file that another process also writes
        let folder = try TemporaryFolder(prefix: "pm-board-app")
        let path = folder.file("projects.sqlite")
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.open(path: path, environment: world.environment, access: .concurrentReads)
        let other = try AppDatabase.open(path: path, environment: world.environment)
        _ = try other.add(try ProjectInput(title: "Second", deadline: "+2d").newProject(today: world.environment.today))
        let terminal = MockTerminal(size: size)

        try await playing(board(database, on: terminal, in: world)) {
            #expect(await terminal.waitForScreen(showing: "TODO (1)"))
            // When the other process adds a card, and one poll interval passes
            _ = try other.add(
                try ProjectInput(title: "First", deadline: "+1d").newProject(today: world.environment.today))
            #expect(!terminal.screen.lines.joined().contains("First"))
            await world.waitForSleepers(1)  // the poll's tick
            world.advance(by: BoardApp.pollInterval)
            #expect(await terminal.waitForScreen(showing: "TODO (2)"))
            terminal.enqueue("q")
        }

        // Then the card appears
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("TODO (2)"))
        #expect(screen.contains("First"))
        withExtendedLifetime(folder) {}
    }

    @Test func aResizeRedrawsAtOnceInTheNewLayout() async throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try database.add(
            try ProjectInput(title: "Card", deadline: "+1d").newProject(today: world.environment.today))
        let terminal = MockTerminal(size: size)
        terminal.resize(to: TerminalSize(width: 50, height: 12))
        terminal.enqueue("q")

        try await board(database, on: terminal, in: world).run()

        let lines = terminal.screen.lines
        #expect(lines.count == 12)
        #expect(lines[1].contains("TODO (1) │ DOING (0) │ DONE (0)"))
        #expect(lines.allSatisfy { $0.displayWidth == 50 })
    }

    @Test(.timeLimit(.minutes(1)))
    func aLoneEscIsTheEscKeyOnceTheEscapeDelayPasses() async throws {
        // Given the new-card form open
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let terminal = MockTerminal(size: size)
        terminal.enqueue("a")

        try await playing(board(database, on: terminal, in: world)) {
            #expect(await terminal.waitForScreen(showing: "New project"))
            // When Esc comes alone and the escape delay passes with nothing after it
            terminal.enqueue([0x1B])
            await world.waitForSleepers(2)  // the poll's tick and the escape timer
            world.advance(by: BoardApp.escapeDelay)
            // Then it closes the form, as the Esc key
            #expect(await terminal.waitForScreen { !$0.lines.joined().contains("New project") })
            terminal.enqueue("q")
        }

        #expect(try database.projects().isEmpty)
        #expect(terminal.screens.contains { $0.contains("New project") })
        #expect(!terminal.screen.lines.joined().contains("New project"))
    }

    @Test func anEscapeSequenceSplitAcrossTwoReadsIsOneKey() async throws {
        // Given a board with two cards, the first selected
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let today = world.environment.today
        _ = try database.add(try ProjectInput(title: "Early", deadline: "+1d").newProject(today: today))
        _ = try database.add(try ProjectInput(title: "Late", deadline: "+2d").newProject(today: today))
        let terminal = MockTerminal(size: size)

        // When ↓ arrives as Esc, then "[B" before the escape delay passes, and q follows
        terminal.enqueue([0x1B])
        terminal.enqueue("[B")
        terminal.enqueue("q")
        try await board(database, on: terminal, in: world).run()

        // Then it moved the selection and nothing else: no Esc, no "[" or "B" typed
        #expect(terminal.screen.selectedTitle == "Late")
    }
}

/// Runs `app` with `script` beside it playing the user; returns when the board has quit.
func playing(_ app: BoardApp, _ script: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.run() }
        group.addTask { try await script() }
        try await group.waitForAll()
    }
}

extension TerminalScreen {
    /// The title on the row drawn selected (reversed), if one is.
    var selectedTitle: String? {
        // Row 0 is the header, drawn reversed too.
        for (y, line) in lines.enumerated().dropFirst() {
            for x in 0..<buffer.size.width where buffer[x: x, y: y].style.reverse {
                let text = line.split(separator: "│").first { $0.contains(where: \.isLetter) }
                return text.map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
    }
}
