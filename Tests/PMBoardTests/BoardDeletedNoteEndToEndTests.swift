import Foundation
import PMTestSupport
import Testing

extension BoardSyncEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func aCardDeletedElsewhereWhileTheBoardChangedItIsNotedInTheFooter() throws {
        // Given a card on both devices, which B deletes and sends while A has not pulled since
        let server = try startServer()
        try pm("a", "add", "회의록", "--deadline", "+2d")
        try pm("a", "sync")
        try pm("b", "sync")
        let listed = try pm("b", "list", "--json")
        let id = try #require(listed.firstMatch(of: /"id" *: *"([0-9a-f-]{36})"/)?.1)
        try pm("b", "delete", String(id))
        try pm("b", "sync")
        server.terminate()
        server.waitUntilExit()

        // And A's board, offline, moving the card to DOING
        let tmux = try openBoardOfA()
        defer { tmux.kill() }
        try tmux.wait(for: "○ offline", timeout: 10)
        try tmux.send("L")
        try tmux.wait(for: "the card in DOING", timeout: 5) { $0.contains("DOING (1)") }

        // When the server is back and A's board syncs by itself
        let again = Process()
        again.executableURL = server.executableURL
        again.arguments = server.arguments
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        defer {
            again.terminate()
            again.waitUntilExit()
        }

        // Then A's footer says who deleted it while the board changed it, and how to bring it back
        let screen = try tmux.wait(for: "the note", timeout: 60) { $0.contains("was deleted by") }
        #expect(screen.contains("Note: \"회의록\" was deleted by ada while you changed it; pm restore \(id.prefix(8))"))
        #expect(screen.contains("DOING (0)"))
        try tmux.send("q")
        try tmux.wait(for: "board exited 0")
    }
}
