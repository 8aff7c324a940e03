import Foundation
import PMDomain
import PMServer
import PMStore
import PMSync
import PMSyncProtocol
import PMTestSupport
import Synchronization
import TerminalKit
import Testing

@testable import PMBoard

/// The board with a real sync engine over ``FakeServer``, watched through a mock terminal. The
/// engine works in real time; the board's own clock stands still, so everything the board
/// shows here comes from the engine's reports.
@Suite struct BoardSyncTests {
    let size = TerminalSize(width: 120, height: 20)

    /// A board database with a remote set, so the engine keeps its place in the server's stream.
    func boardDatabase(_ world: TestWorld) throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://127.0.0.1:9", board: FakeServer.board, token: "pm_test"))
        return database
    }

    /// Another device: a world whose ids start past the board's, so devices and operations differ.
    func otherDevice(_ day: String) -> TestWorld {
        let world = TestWorld(day: day)
        for _ in 0..<10_000 { _ = world.nextID() }
        return world
    }

    func board(
        _ database: AppDatabase, on terminal: MockTerminal, in world: TestWorld, server: FakeServer
    ) -> BoardApp {
        BoardApp(
            database: database, terminal: terminal, environment: world.environment,
            databaseName: "t", sync: SyncEngine(link: server.link(database, environment: world.environment)))
    }

    @Test(.timeLimit(.minutes(1)))
    func aCardAddedOnTheBoardIsPushedAndTheHeaderSaysSynced() async throws {
        // Given a board with a card made before the server was set, and an engine over the server
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        _ = try database.add(
            try ProjectInput(title: "Before", deadline: "+2d").newProject(today: world.environment.today))
        let server = try await FakeServer()
        let terminal = MockTerminal(size: size)

        // When the board opens, a card is added through the form, and the board quits once synced
        try await playing(board(database, on: terminal, in: world, server: server)) {
            #expect(await terminal.waitForScreen(showing: "● synced"))
            terminal.enqueue("a")
            terminal.enqueue("보드 카드")
            terminal.enqueue([0x13])  // Ctrl-S
            #expect(
                await terminal.waitForScreen { screen in
                    let text = screen.lines.joined(separator: "\n")
                    return text.contains("보드 카드") && text.contains("● synced") && (try? database.pendingCount()) == 0
                })
            terminal.enqueue("q")
        }

        // Then both cards reached the server and nothing waits
        #expect(try await server.titles() == ["Before", "보드 카드"])
        #expect(try database.pendingCount() == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCardPushedFromAnotherDeviceAppearsLiveWithTheSelectionKept() async throws {
        // Given a synced board with two cards, the second selected
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        let today = world.environment.today
        _ = try database.add(try ProjectInput(title: "Early", deadline: "+1d").newProject(today: today))
        _ = try database.add(try ProjectInput(title: "Late", deadline: "+5d").newProject(today: today))
        let server = try await FakeServer()
        let other = try AppDatabase.inMemory(environment: otherDevice("2026-11-21").environment)
        _ = try other.add(try ProjectInput(title: "다른 기기", deadline: "+3d").newProject(today: today))
        let incoming = try other.pendingOperations(limit: 100)
        let terminal = MockTerminal(size: size)

        // When another device pushes a card that sorts between them
        try await playing(board(database, on: terminal, in: world, server: server)) {
            #expect(await terminal.waitForScreen(showing: "● synced"))
            terminal.enqueue("j")
            #expect(await terminal.waitForScreen { $0.selectedTitle == "Late" })
            try await server.push(fromElsewhere: incoming)
            #expect(await terminal.waitForScreen(showing: "다른 기기"))
            #expect(await terminal.waitForScreen(showing: "● synced"))
            terminal.enqueue("q")
        }

        // Then it appears without a key pressed, and the selection stays on the card it was on
        let lines = terminal.screen.lines
        #expect(lines.contains { $0.contains("TODO (3)") })
        #expect(terminal.screen.selectedTitle == "Late")
    }

    @Test(.timeLimit(.minutes(1)))
    func anUnreachableServerShowsOfflineAndKeepsTheChangesWaiting() async throws {
        // Given a board with a change and a server that cannot be reached
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        _ = try database.add(
            try ProjectInput(title: "Offline", deadline: "+2d").newProject(today: world.environment.today))
        let server = try await FakeServer()
        server.fail(with: .unreachable("connection refused"))
        let terminal = MockTerminal(size: size)

        // When the board opens
        try await playing(board(database, on: terminal, in: world, server: server)) {
            #expect(await terminal.waitForScreen(showing: "○ offline · 1 pending"))
            terminal.enqueue("q")
        }

        // Then the header says offline, the footer why, and the change still waits
        #expect(terminal.screens.contains { $0.contains("○ offline · 1 pending") })
        #expect(
            terminal.screens.contains { $0.contains("Offline: the server cannot be reached: connection refused") })
        #expect(try database.pendingCount() == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefusalShowsErrorWithItsReasonAndSRetries() async throws {
        // Given a board the server refuses (removed, say)
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        _ = try database.add(
            try ProjectInput(title: "Kept", deadline: "+2d").newProject(today: world.environment.today))
        let server = try await FakeServer()
        server.fail(with: .refused(status: 404, code: "boardNotFound", message: "board removed"))
        let terminal = MockTerminal(size: size)

        try await playing(board(database, on: terminal, in: world, server: server)) {
            #expect(await terminal.waitForScreen(showing: "⚠ error"))
            #expect(
                await terminal.waitForScreen(
                    showing: "Sync stopped: the server refused (404 boardNotFound): board removed — s to retry"))
            // When the board is back and s pressed
            server.fail(with: nil)
            terminal.enqueue("s")
            #expect(await terminal.waitForScreen(showing: "● synced"))
            terminal.enqueue("q")
        }

        // Then the error showed with its reason, and the retry sent the change
        #expect(try await server.titles() == ["Kept"])
    }

    @Test(.timeLimit(.minutes(1)))
    func sWithoutARemoteSaysHowToSetOne() async throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let terminal = MockTerminal(size: size)
        terminal.enqueue("s")

        try await playing(
            BoardApp(
                database: database, terminal: terminal, environment: world.environment,
                databaseName: "t")
        ) {
            #expect(await terminal.waitForScreen(showing: "No remote set"))
            terminal.enqueue("q")
        }

        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("No remote set: pm remote set URL --board BOARD --token TOKEN"))
        #expect(screen.contains("2026-11-21 · local"))
    }
}
