public import PMStore
import PMSyncProtocol
import Synchronization

/// A new device's snapshot pages on their way into its database: the first page is stored
/// alone, so the board shows cards at once; after it each transaction takes twice the cards of
/// the one before, up to `most`. Every commit writes again each b-tree page it touched: a commit
/// per page of 1,000 wrote half as many pages again as one transaction for the whole board
/// (docs/benchmarks.md), while growing transactions write them a few times and cards still
/// appear throughout.
final class JoinPages: Sendable {
    private struct Waiting {
        var cards: [BoardSnapshot.Card] = []
        var serverSeq: Int64 = 0
        /// The cards the next transaction waits for.
        var next = 1
    }

    private let database: AppDatabase
    private let most: Int
    private let waiting = Mutex(Waiting())

    /// Pages for `database`, at most `most` cards a transaction.
    init(database: AppDatabase, most: Int) {
        self.database = database
        self.most = max(1, most)
    }

    /// Takes a page of cards as of `serverSeq`, storing what waits once there is enough.
    func add(_ cards: [BoardSnapshot.Card], serverSeq: Int64) throws {
        try waiting.withLock { waiting in
            waiting.cards += cards
            waiting.serverSeq = serverSeq
            guard waiting.cards.count >= waiting.next else { return }
            try store(&waiting)
            waiting.next = min(most, max(waiting.next, cards.count) * 2)
        }
    }

    /// Stores whatever waits: the end of the snapshot.
    func store() throws {
        try waiting.withLock { try store(&$0) }
    }

    private func store(_ waiting: inout Waiting) throws {
        guard !waiting.cards.isEmpty else { return }
        try database.storeJoinPage(waiting.cards.map(\.state), serverSeq: waiting.serverSeq)
        waiting.cards.removeAll(keepingCapacity: true)
    }
}
