import Synchronization

/// How far a round has come in receiving the server's operations: the new ones up to the board's
/// head, and the history before a snapshot start. Counted by place in the server's order, which
/// the head announces, so the total is known from the first page.
public struct SyncProgress: Hashable, Sendable {
    /// Operations received so far in this round.
    public var received: Int
    /// Operations this round receives in all, as far as the last page's head tells.
    public var total: Int

    /// `received` of `total`.
    public init(received: Int, total: Int) {
        self.received = received
        self.total = total
    }
}

/// Adds up a round's pulls into one ``SyncProgress`` and hands each step to whoever watches: the
/// pulls run on their own tasks (a page is fetched while the one before is merged), so the
/// count is kept under a lock.
final class SyncProgressTally: Sendable {
    /// The two parts a round receives.
    enum Part: Sendable {
        case stream
        case backfill
    }

    private struct Span {
        var start: Int64
        var next: Int64
        var end: Int64
    }

    private let spans = Mutex<[Part: Span]>([:])
    private let report: (@Sendable (SyncProgress) -> Void)?

    /// A tally handing every step to `report`, or keeping it to itself when `nil`.
    init(report: (@Sendable (SyncProgress) -> Void)?) {
        self.report = report
    }

    /// Whether anyone hears the progress; when not, a round need not look up its totals.
    var watched: Bool { report != nil }

    /// Starts `part` over: positions after `start`, up to `end`, are still to come.
    func begin(_ part: Part, after start: Int64, end: Int64) {
        spans.withLock { $0[part] = Span(start: start, next: start, end: max(start, end)) }
    }

    /// `part` has received up to `next`, of a range now known to end at `end`; reports the sum.
    func advance(_ part: Part, to next: Int64, end: Int64) {
        guard let report else { return }
        let progress = spans.withLock { spans -> SyncProgress in
            if var span = spans[part] {
                span.end = max(span.start, end)
                span.next = min(max(span.start, next), span.end)
                spans[part] = span
            }
            let received = spans.values.reduce(Int64(0)) { $0 + ($1.next - $1.start) }
            let total = spans.values.reduce(Int64(0)) { $0 + ($1.end - $1.start) }
            return SyncProgress(received: Int(received), total: Int(total))
        }
        report(progress)
    }
}
