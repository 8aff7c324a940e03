public import PMSyncProtocol
import Synchronization

/// The fan-out of board heads to the live connections of this process. Pushes through this
/// process publish here directly; a backend shared by several processes also publishes what
/// the others announce (``SyncRepository/followHeads(_:)``).
public final class LiveHeads: Sendable {
    private struct Subscribers {
        var nextID = 0
        var byBoard: [BoardName: [Int: AsyncStream<Int64>.Continuation]] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// A fan-out with no subscribers.
    public init() {}

    /// The heads of `board` from now on. Only the newest unread head is kept: a slow reader
    /// skips to it rather than queueing every one.
    public func heads(of board: BoardName) -> AsyncStream<Int64> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self, bufferingPolicy: .bufferingNewest(1))
        let id = subscribers.withLock { subscribers in
            let id = subscribers.nextID
            subscribers.nextID += 1
            subscribers.byBoard[board, default: [:]][id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { subscribers in
                subscribers.byBoard[board]?[id] = nil
                if subscribers.byBoard[board]?.isEmpty == true { subscribers.byBoard[board] = nil }
            }
        }
        return stream
    }

    /// Announces that `board`'s head is now `head` to every subscriber of the board.
    public func publish(board: BoardName, head: Int64) {
        let continuations = subscribers.withLock { Array(($0.byBoard[board] ?? [:]).values) }
        for continuation in continuations { continuation.yield(head) }
    }

    /// How many live connections follow `board`.
    public func subscriberCount(board: BoardName) -> Int {
        subscribers.withLock { $0.byBoard[board]?.count ?? 0 }
    }
}
