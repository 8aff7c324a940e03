import Foundation
import PMDomain
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    /// The cards in pages by id, the board's primary key order, read from one snapshot of the
    /// database: a `REPEATABLE READ` transaction that a task of its own holds open until the last
    /// page, so pushes that land while the answer is written change neither the head nor any
    /// page, and the first page goes out before the rest of a large board is read. The task
    /// reads a page only when the previous one is taken, so a slow reader holds one page in
    /// memory, not the board; pages dropped before the end (the device went away) end the
    /// transaction and give its connection back to the pool.
    public func snapshotPages(board: BoardName, size: Int) async throws -> SnapshotPages {
        let (requests, askForPage) = AsyncStream<Void>.makeStream()
        let (answers, answer) = AsyncThrowingStream<SnapshotAnswer, any Error>.makeStream()
        let size = max(size, 1)
        let task = Task {
            do {
                try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
                    answer.yield(.head(try await Self.head(connection, board: board, logger: logger)))
                    var after: UUID?
                    // Ends when the reader is gone: the stream of requests finishes, or the task
                    // is cancelled, and the transaction commits (it wrote nothing).
                    for await _ in requests {
                        let (cards, last) = try await page(connection, board: board, after: after, size: size)
                        answer.yield(.cards(cards))
                        guard let last else { break }
                        after = last
                    }
                }
                answer.finish()
            } catch {
                answer.finish(throwing: error)
            }
        }
        let reader = SnapshotReader(answers: answers, askForPage: askForPage, task: task)
        let head = try await reader.head()
        return SnapshotPages(head: head) { try await reader.next() }
    }

    /// The visible cards among the next `size` rows after `after`, and the last row's id (`nil`
    /// once no row is left). A page whose rows are all of deleted cards reads on, so an empty
    /// page only ever means the end.
    private func page(
        _ connection: PostgresConnection, board: BoardName, after: UUID?, size: Int
    ) async throws -> (cards: [BoardSnapshot.Card], last: UUID?) {
        var after = after
        while true {
            let query: PostgresQuery =
                if let after {
                    """
                    SELECT id, state FROM projects WHERE board = \(board.text) AND id > \(after)
                    ORDER BY id LIMIT \(size)
                    """
                } else {
                    "SELECT id, state FROM projects WHERE board = \(board.text) ORDER BY id LIMIT \(size)"
                }
            let rows = try await connection.query(query, logger: logger)
            var cards: [BoardSnapshot.Card] = []
            var last: UUID?
            for try await (id, state) in rows.decode((UUID, String).self) {
                last = id
                if let card = BoardSnapshot.Card(try MergedProject.state(id: id, json: state)) { cards.append(card) }
            }
            guard let found = last else { return ([], nil) }
            if !cards.isEmpty { return (cards, found) }
            after = found
        }
    }
}

/// What the snapshot's task hands its reader: the head first, then one page per request.
enum SnapshotAnswer: Sendable {
    case head(Int64)
    case cards([BoardSnapshot.Card])
}

/// The reading end of a snapshot's task: asks for each page and waits for it. Dropped, it ends
/// the task, and with it the transaction.
private actor SnapshotReader {
    var answers: AsyncThrowingStream<SnapshotAnswer, any Error>.AsyncIterator
    let askForPage: AsyncStream<Void>.Continuation
    let task: Task<Void, Never>

    init(
        answers: AsyncThrowingStream<SnapshotAnswer, any Error>, askForPage: AsyncStream<Void>.Continuation,
        task: Task<Void, Never>
    ) {
        self.answers = answers.makeAsyncIterator()
        self.askForPage = askForPage
        self.task = task
    }

    deinit {
        askForPage.finish()
        task.cancel()
    }

    /// The head, which the task reads first; an unknown board's refusal, or any failure, is thrown.
    func head() async throws -> Int64 {
        guard case .head(let head) = try await receive() else { throw SnapshotReaderError.outOfOrder }
        return head
    }

    /// The next page; empty once every card was read.
    func next() async throws -> [BoardSnapshot.Card] {
        askForPage.yield()
        switch try await receive() {
        case .cards(let cards): return cards
        case .head, nil: return []
        }
    }

    private func receive() async throws -> SnapshotAnswer? {
        // The iterator is taken out while it waits: an actor's stored iterator cannot be
        // advanced in place across a suspension. Pages are read one at a time, so nothing
        // else uses it meanwhile.
        var iterator = answers
        let answer = try await iterator.next(isolation: self)
        answers = iterator
        return answer
    }
}

/// A snapshot's task answered in an order it never uses.
enum SnapshotReaderError: Error {
    case outOfOrder
}
