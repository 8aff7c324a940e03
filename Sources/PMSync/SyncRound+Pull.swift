import Foundation
import PMDomain
import PMStore
import PMSyncProtocol

extension SyncRound {
    /// Which part of the server's order a round pulls.
    enum PullRange: Sendable {
        /// New operations, up to the board's head. `witness` is the operation this device knows
        /// at the cursor: the first page starts one before the cursor to check the server still
        /// has it there.
        case stream(witness: UUID?)
        /// The history before a snapshot start, up to `end`.
        case backfill(end: Int64)
    }

    /// Operations pulled together and merged in one transaction.
    struct PulledBatch: Sendable {
        var entries: [(serverSeq: Int64, operation: ProjectOperation, author: String?)] = []
        /// Where the next batch starts; the cursor this batch moves to.
        var next: Int64
        /// The board's head when the last page was read.
        var head: Int64 = 0
        /// Whether the range ends with this batch.
        var finished = false
    }

    /// Pulls and merges `range` after `cursor`, batch after batch. Each batch is fetched while
    /// the one before is merged: the server and the network work while the disk does, which
    /// is most of a new device's wait. Returns the operations merged and the last head seen.
    func pullAll(after cursor: Int64, _ range: PullRange) async throws -> (pulled: Int, head: Int64) {
        var pulled = 0
        if case .stream = range { progress.begin(.stream, after: cursor, end: cursor) }
        var fetching = Task { try await pullBatch(after: cursor, range) }
        // Only the first page checks the witness.
        let range: PullRange = if case .stream = range { .stream(witness: nil) } else { range }
        defer { fetching.cancel() }
        while true {
            let batch = try await fetching.value
            if !batch.finished {
                fetching = Task { [next = batch.next] in try await pullBatch(after: next, range) }
            }
            let advancing: PullCursor =
                switch range {
                case .stream: .stream(next: batch.next)
                case .backfill: .backfill(next: batch.next)
                }
            pulled += try database.merge(
                pulled: batch.entries, advancing: advancing, deferringIndexesFrom: deferIndexesFrom)
            if batch.finished { return (pulled, batch.head) }
        }
    }

    /// Pulls pages after `cursor` until ``mergeBatch`` operations are in hand or `range` ends.
    func pullBatch(after cursor: Int64, _ range: PullRange) async throws -> PulledBatch {
        var batch = PulledBatch(next: cursor)
        var witness: UUID? = if case .stream(let witness) = range { witness } else { nil }
        repeat {
            let asked = batch.next
            let page = try await transport.pull(after: witness == nil ? asked : asked - 1, limit: pageSize)
            batch.head = page.head
            switch range {
            case .stream:
                guard page.head >= asked else { throw SyncRoundError.serverLostOperations }
                var operations = page.operations[...]
                if let expected = witness {
                    guard let first = operations.first, first.seq == asked, first.operation.id == expected else {
                        throw SyncRoundError.serverLostOperations
                    }
                    operations = operations.dropFirst()
                    witness = nil
                }
                batch.entries += operations.map { ($0.seq, $0.operation, $0.author) }
                batch.next = max(page.next, asked)
                batch.finished = page.operations.isEmpty || page.next >= page.head
                progress.advance(.stream, to: batch.next, end: page.head)
            case .backfill(let end):
                let entries = page.operations.prefix { $0.seq <= end }
                batch.entries += entries.map { ($0.seq, $0.operation, $0.author) }
                // A page with nothing at or below the end means the server has no more of it.
                batch.next = entries.last?.seq ?? end
                batch.finished = batch.next >= end
                progress.advance(.backfill, to: batch.next, end: end)
            }
        } while !batch.finished && batch.entries.count < mergeBatch
        return batch
    }
}
