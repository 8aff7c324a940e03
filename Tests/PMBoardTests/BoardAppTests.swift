import Foundation
import PMDomain
import PMStore
import PMTestSupport
import TerminalKit
import Testing

@testable import PMBoard

/// A mock terminal whose idle reads move a test clock on and can run a step, so the run loop
/// can be watched crossing midnight or noticing another process's write.
final class ScriptedTerminal: Terminal {
    let mock: MockTerminal
    var idleReads = 0
    let onIdle: (Int) -> [UInt8]

    init(size: TerminalSize, onIdle: @escaping (Int) -> [UInt8]) {
        mock = MockTerminal(size: size)
        self.onIdle = onIdle
    }

    var size: TerminalSize { mock.size }
    func start() throws { try mock.start() }
    func stop() { mock.stop() }
    func write(_ text: String) { mock.write(text) }
    func takeResize() -> TerminalSize? { mock.takeResize() }

    func read(timeout: Duration) -> [UInt8] {
        let queued = mock.read(timeout: timeout)
        if !queued.isEmpty { return queued }
        idleReads += 1
        return onIdle(idleReads)
    }
}

@Suite struct BoardAppTests {
    let size = TerminalSize(width: 90, height: 20)

    @Test func aCardTypedIntoTheFormIsSavedAndQuittingRestoresTheTerminal() throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let terminal = ScriptedTerminal(size: size) { _ in Array("q".utf8) }
        terminal.mock.enqueue("a")
        terminal.mock.enqueue("보드 카드")
        terminal.mock.enqueue([0x13])  // Ctrl-S

        try BoardApp(database: database, terminal: terminal, environment: world.environment, databaseName: "t")
            .run()

        #expect(try database.projects().map(\.title) == ["보드 카드"])
        #expect(terminal.mock.stopCount == 1)
        #expect(!terminal.mock.screen.isAlternateScreen)
        #expect(terminal.mock.screen.isCursorVisible)
    }

    @Test func atMidnightTheBoardMovesToTheNewDayWithoutARestart() throws {
        let world = TestWorld(day: "2026-11-21", time: "23:59:59")
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try database.add(try ProjectInput(title: "Due today").newProject(today: world.environment.today))
        let terminal = ScriptedTerminal(size: size) { idle in
            if idle == 1 { world.advance(by: 2) }
            return idle < 3 ? [] : Array("q".utf8)
        }
        terminal.mock.enqueue("x")  // dismisses the opening banner

        try BoardApp(database: database, terminal: terminal, environment: world.environment, databaseName: "t")
            .run()

        let screen = terminal.mock.screen.lines.joined(separator: "\n")
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
        let app = BoardApp(
            database: database, terminal: MockTerminal(size: size), environment: world.environment,
            databaseName: "t")

        let state = try app.openingState()

        #expect(state.banner == "1 overdue · 1 due today")
    }

    @Test func aWriteFromAnotherProcessAppearsWithTheSelectionKept() throws {
        let folder = NSTemporaryDirectory() + "pm-board-app-" + UUID().uuidString
        let path = folder + "/projects.sqlite"
        let world = TestWorld(day: "2026-11-21")
        let board = try AppDatabase.open(path: path, environment: world.environment, access: .concurrentReads)
        let other = try AppDatabase.open(path: path, environment: world.environment)
        _ = try other.add(try ProjectInput(title: "Second", deadline: "+2d").newProject(today: world.environment.today))
        let terminal = ScriptedTerminal(size: size) { idle in
            if idle == 1 {
                _ = try? other.add(
                    try! ProjectInput(title: "First", deadline: "+1d").newProject(today: world.environment.today))
            }
            return idle < 3 ? [] : Array("q".utf8)
        }

        try BoardApp(database: board, terminal: terminal, environment: world.environment, databaseName: "t").run()

        let screen = terminal.mock.screen.lines.joined(separator: "\n")
        #expect(screen.contains("TODO (2)"))
        #expect(screen.contains("First"))
    }

    @Test func aResizeRedrawsAtOnceInTheNewLayout() throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        _ = try database.add(
            try ProjectInput(title: "Card", deadline: "+1d").newProject(today: world.environment.today))
        let terminal = ScriptedTerminal(size: size) { idle in idle < 2 ? [] : Array("q".utf8) }
        terminal.mock.resize(to: TerminalSize(width: 50, height: 12))

        try BoardApp(database: database, terminal: terminal, environment: world.environment, databaseName: "t")
            .run()

        let lines = terminal.mock.screen.lines
        #expect(lines.count == 12)
        #expect(lines[1].contains("TODO (1) │ DOING (0) │ DONE (0)"))
        #expect(lines.allSatisfy { $0.displayWidth == 50 })
    }
}
