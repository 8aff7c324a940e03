import Foundation
import Testing

/// A closed terminal takes everything its command started with it: the board's end-to-end tests
/// keep an exited board's last words on screen with a `sleep`, which once outlived every test
/// run (scripts/test now fails a run that leaves a process behind).
extension BoardEndToEndTests {
    @Test func closingTheTerminalEndsWhatItsCommandStarted() throws {
        // Given a terminal whose command has started a child meant to run for a minute
        let tmux = try Tmux(command: "echo started; sleep 60; echo ended")
        defer { tmux.kill() }
        try tmux.wait(for: "started")
        let pane = try #require(tmux.panePID)
        let sleeper = try #require(Tmux.children(of: pane).first, "the pane's shell started no child")

        // When the terminal is closed
        tmux.kill()

        // Then the child is gone too
        let deadline = Date().addingTimeInterval(5)
        while Tmux.isRunning(sleeper) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!Tmux.isRunning(sleeper), "process \(sleeper) outlived its terminal")
    }
}
