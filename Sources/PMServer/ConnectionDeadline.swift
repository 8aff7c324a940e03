import NIOCore

/// A deadline a channel handler keeps on its connection's event loop: started (again) when the
/// time it bounds begins, cancelled when it ends or the handler leaves the pipeline. What
/// happens when it passes is the handler's: ``FirstRequestDeadlineHandler`` abandons a
/// connection whose first request is not coming, ``RequestDeadlineHandler`` closes one whose
/// body is.
struct ConnectionDeadline {
    /// How long after it starts the deadline passes.
    let limit: TimeAmount
    private var scheduled: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    /// Whether the deadline is running.
    var isRunning: Bool { scheduled != nil }

    /// Starts the deadline anew on `context`'s event loop; `passed` runs there if it passes
    /// before ``cancel()``.
    mutating func start(
        on context: ChannelHandlerContext, passed: @escaping @Sendable (ChannelHandlerContext) -> Void
    ) {
        scheduled?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        scheduled = context.eventLoop.scheduleTask(in: limit) { passed(loopBound.value) }
    }

    /// Stops the deadline; it will not pass.
    mutating func cancel() {
        scheduled?.cancel()
        scheduled = nil
    }
}
