import Foundation
import TerminalKit

/// A ``TerminalKit/ProgressLine`` drawn over itself on stderr while long work runs (`pm import`,
/// a `pm sync` that receives more than a moment's worth): only when stderr is a terminal and the
/// output is not JSON, and at most ten times a second, so drawing never slows the work.
final class ProgressBar {
    let label: String
    let enabled: Bool
    /// Time since the bar was made, on the injected clock.
    let elapsed: () -> Duration
    private var lastDrawn: Duration?
    private var drawn = false

    init(label: String, enabled: Bool, clock: any Clock<Duration>) {
        self.label = label
        self.enabled = enabled
        elapsed = Self.stopwatch(clock)
    }

    /// Draws `done` of `total`, unless drawn less than a tenth of a second ago (the last step,
    /// `done == total`, is always drawn).
    func show(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let now = elapsed()
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < total { return }
        lastDrawn = now
        drawn = true
        let line = ProgressLine(label: label, done: done, total: total, elapsed: now).text
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    /// Ends the line, if one was drawn.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
