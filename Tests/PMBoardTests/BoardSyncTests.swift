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

/// The board with a real sync engine over ``FakeServer``, watched through a scripted terminal.
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

    @Test(.timeLimit(.minutes(1)))
    func aCardAddedOnTheBoardIsPushedAndTheHeaderSaysSynced() async throws {
        // Given a board with a card made before the server was set, and an engine over the server
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        _ = try database.add(
            try ProjectInput(title: "Before", deadline: "+2d").newProject(today: world.environment.today))
        let server = try await FakeServer()
        let terminal = BoardScript(size: size)
        terminal.step(when: "● synced") {
            terminal.mock.enqueue("a")
            terminal.mock.enqueue("보드 카드")
            terminal.mock.enqueue([0x13])  // Ctrl-S
        }
        terminal.step("the new card acknowledged") { screen in
            screen.contains("보드 카드") && screen.contains("● synced") && (try? database.pendingCount()) == 0
        } then: {
            terminal.mock.enqueue("q")
        }

        // When the board opens, a card is added through the form, and the board quits once synced
        try await terminal.run(
            BoardApp(
                database: database, terminal: terminal, environment: world.environment, databaseName: "t",
                sync: SyncEngine(link: server.link(database, environment: world.environment))))

        // Then both cards reached the server and nothing waits
        #expect(terminal.failure == nil, "\(terminal.failure ?? "")")
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
        let terminal = BoardScript(size: size)
        terminal.step(when: "● synced") {
            terminal.mock.enqueue("j")
            Task { try await server.push(fromElsewhere: incoming) }
        }
        terminal.step(when: "다른 기기") {}
        terminal.step(when: "● synced") { terminal.mock.enqueue("q") }
        let app = BoardApp(
            database: database, terminal: terminal, environment: world.environment, databaseName: "t",
            sync: SyncEngine(link: server.link(database, environment: world.environment)))

        // When another device pushes a card that sorts between them
        try await terminal.run(app)

        // Then it appears without a key pressed, and the selection stays on the card it was on
        #expect(terminal.failure == nil, "\(terminal.failure ?? "")")
        let lines = terminal.mock.screen.lines
        #expect(lines.contains { $0.contains("TODO (3)") })
        #expect(terminal.selectedTitle(lines) == "Late")
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
        let terminal = BoardScript(size: size)
        terminal.step(when: "○ offline · 1 pending") { terminal.mock.enqueue("q") }

        // When the board opens
        try await terminal.run(
            BoardApp(
                database: database, terminal: terminal, environment: world.environment, databaseName: "t",
                sync: SyncEngine(link: server.link(database, environment: world.environment))))

        // Then the header says offline, the footer why, and the change still waits
        #expect(terminal.failure == nil, "\(terminal.failure ?? "")")
        #expect(terminal.seen.contains("Offline: the server cannot be reached: connection refused"))
        #expect(try database.pendingCount() == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aRefusalShowsErrorWithItsReasonAndSRetries() async throws {
        // Given a board whose token the server refuses
        let world = TestWorld(day: "2026-11-21")
        let database = try boardDatabase(world)
        _ = try database.add(
            try ProjectInput(title: "Kept", deadline: "+2d").newProject(today: world.environment.today))
        let server = try await FakeServer()
        server.fail(with: .refused(status: 401, code: "unauthorized", message: "the token was revoked"))
        let terminal = BoardScript(size: size)
        terminal.step(when: "⚠ error") {}
        terminal.step(when: "Sync stopped: the server refused (401 unauthorized): the token was revoked — s to retry") {
            // When the token is fixed and s pressed
            server.fail(with: nil)
            terminal.mock.enqueue("s")
        }
        terminal.step(when: "● synced") { terminal.mock.enqueue("q") }

        try await terminal.run(
            BoardApp(
                database: database, terminal: terminal, environment: world.environment, databaseName: "t",
                sync: SyncEngine(link: server.link(database, environment: world.environment))))

        // Then the error showed with its reason, and the retry sent the change
        #expect(terminal.failure == nil, "\(terminal.failure ?? "")")
        #expect(try await server.titles() == ["Kept"])
    }

    @Test func sWithoutARemoteSaysHowToSetOne() throws {
        let world = TestWorld(day: "2026-11-21")
        let database = try AppDatabase.inMemory(environment: world.environment)
        let terminal = ScriptedTerminal(size: size) { idle in idle < 2 ? [] : Array("q".utf8) }
        terminal.mock.enqueue("s")

        try BoardApp(database: database, terminal: terminal, environment: world.environment, databaseName: "t")
            .run()

        let screen = terminal.mock.screen.lines.joined(separator: "\n")
        #expect(screen.contains("No remote set: pm remote set URL --board BOARD --token TOKEN"))
        #expect(screen.contains("2026-11-21 · local"))
    }
}

/// A scripted terminal for a board whose engine works in real time: each idle read looks at
/// the screen, and when it shows the next step's text, runs the step (queueing keys, say).
/// Gives up, quitting the board, when a step's text does not show within the time limit.
final class BoardScript: Terminal, @unchecked Sendable {
    let mock: MockTerminal
    private var steps: [(description: String, condition: (String) -> Bool, action: () -> Void)] = []
    private let limit = 200
    private var idle = 0
    /// Every frame's text seen, joined, to look for messages that came and went.
    private(set) var seen = ""
    /// What the script was waiting for when it gave up.
    private(set) var failure: String?

    init(size: TerminalSize) {
        mock = MockTerminal(size: size)
    }

    /// Waits for the screen to show `text`, then runs `action`.
    func step(when text: String, _ action: @escaping () -> Void) {
        step("\"\(text)\"", until: { $0.contains(text) }, then: action)
    }

    /// Waits until `condition` holds for the screen's text, then runs `action`.
    func step(_ description: String, until condition: @escaping (String) -> Bool, then action: @escaping () -> Void) {
        steps.append((description, condition, action))
    }

    /// Runs the board on a thread of its own: its loop blocks between keys, and the engine needs
    /// the cooperative pool's threads meanwhile.
    func run(_ app: BoardApp) async throws {
        let box = UncheckedBox(app)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                do {
                    try box.value.run()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    /// The title on the row drawn selected (reversed), if one is.
    func selectedTitle(_ lines: [String]) -> String? {
        // Row 0 is the header, drawn reversed too.
        for (y, line) in lines.enumerated().dropFirst() {
            for x in 0..<mock.size.width where mock.screen.buffer[x: x, y: y].style.reverse {
                let text = line.split(separator: "│").first { $0.contains(where: \.isLetter) }
                return text.map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
    }

    var size: TerminalSize { mock.size }
    func start() throws { try mock.start() }
    func stop() { mock.stop() }
    func takeResize() -> TerminalSize? { mock.takeResize() }

    func write(_ text: String) {
        mock.write(text)
        seen += mock.screen.lines.joined(separator: "\n")
    }

    func read(timeout: Duration) -> [UInt8] {
        let queued = mock.read(timeout: timeout)
        if !queued.isEmpty { return queued }
        guard let next = steps.first else { return [] }
        if next.condition(mock.screen.lines.joined(separator: "\n")) {
            steps.removeFirst()
            idle = 0
            next.action()
            return mock.read(timeout: timeout)
        }
        idle += 1
        if idle > limit {
            failure = "timed out waiting for \(next.description); screen:\n" + mock.screen.lines.joined(separator: "\n")
            steps.removeAll()
            return Array("q".utf8)
        }
        // The real board waits this long for a key; the engine works meanwhile.
        Thread.sleep(forTimeInterval: 0.025)
        return []
    }
}

/// Hands a value to another thread when the test knows only one uses it at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
