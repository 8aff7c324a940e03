import Foundation
import Synchronization
import TerminalKit

/// A ``TerminalKit/ProgressLine`` drawn over itself on stderr while long work runs (`pm import`,
/// a `pm sync` that receives more than a moment's worth): only when stderr is a terminal and the
/// output is not JSON, not before `delay`, and at most ten times a second (``TerminalKit/ProgressPace``),
/// so drawing never slows the work. Safe to call from any task: a sync reports from the one
/// fetching pages.
final class ProgressBar: Sendable {
    let label: String
    let enabled: Bool
    /// Time since the bar was made, on the injected clock.
    let elapsed: @Sendable () -> Duration
    private let state: Mutex<(pace: ProgressPace, drawn: Bool)>

    init(label: String, enabled: Bool, clock: any Clock<Duration>, delay: Duration = .zero) {
        self.label = label
        self.enabled = enabled
        elapsed = Self.stopwatch(clock)
        state = Mutex((ProgressPace(delay: delay), false))
    }

    /// Draws `done` of `total`, when the pace allows (the last step, `done == total`, is drawn
    /// whenever the bar is showing).
    func show(done: Int, total: Int) {
        guard enabled else { return }
        let now = elapsed()
        state.withLock { state in
            guard state.pace.draws(done: done, total: total, at: now) else { return }
            state.drawn = true
            let line = ProgressLine(label: label, done: done, total: total, elapsed: now).text
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
        }
    }

    /// Ends the line, if one was drawn.
    func finish() {
        if state.withLock({ $0.drawn }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
