/// When a ``ProgressLine`` is worth drawing: nothing before `delay` (work over within a moment
/// shows no bar at all), then at most once every `interval`, so drawing never slows the work,
/// and always the last step once the bar is showing, so it ends at 100%.
public struct ProgressPace: Hashable, Sendable {
    /// How long the work runs before the bar appears.
    public var delay: Duration
    /// The least time between two drawings.
    public var interval: Duration
    /// When the bar was last drawn, as time since the work began.
    public private(set) var lastDrawn: Duration?

    /// A pace that shows the bar after `delay`, redrawn at most every `interval`.
    public init(delay: Duration = .zero, interval: Duration = .milliseconds(100)) {
        self.delay = delay
        self.interval = interval
    }

    /// Whether to draw `done` of `total` at `elapsed` since the work began; noted as drawn when so.
    public mutating func draws(done: Int, total: Int, at elapsed: Duration) -> Bool {
        guard total > 0, elapsed >= delay else { return false }
        if let lastDrawn, elapsed - lastDrawn < interval, done < total { return false }
        lastDrawn = elapsed
        return true
    }
}
