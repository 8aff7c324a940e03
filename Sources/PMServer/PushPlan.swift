public import Foundation
public import PMDomain
public import PMSyncProtocol

/// What a push does to a board, decided without storage in sight, so every backend pushes
/// alike and only reads and writes: operations already on the board (or earlier in the same
/// batch) are answered with the number they have; each new one is numbered from the board's
/// head on; and the cards they touch are merged. A backend reads the head and the stored
/// numbers of the batch's ids, makes the plan, reads the merged states of
/// ``touchedProjects``, asks ``mergedStates(current:)`` for the states to write, and writes
/// ``inserts``, those states and ``head`` in the transaction it read in.
public struct PushPlan: Sendable {
    /// A new operation to store.
    public struct Insert: Hashable, Sendable {
        /// Its position in the pushed batch.
        public let index: Int
        /// The sequence number it is stored under.
        public let seq: Int64

        /// The operation at `index` of the batch, stored as number `seq`.
        public init(index: Int, seq: Int64) {
            self.index = index
            self.seq = seq
        }
    }

    /// The pushed batch, in order.
    public let operations: [ProjectOperation]
    /// The answer: every pushed operation's sequence number, in the batch's order.
    public let results: [PushResponse.Result]
    /// The operations to store, in order of their new numbers.
    public let inserts: [Insert]
    /// The board's head once the inserts are stored.
    public let head: Int64

    /// Plans the push of `operations` onto a board whose latest number is `head` and which
    /// already holds the operations in `stored` (id to number; ids not among the batch's are
    /// ignored).
    public init(operations: [ProjectOperation], head: Int64, stored: [UUID: Int64]) {
        var seqs = stored
        seqs.reserveCapacity(stored.count + operations.count)
        var head = head
        var results: [PushResponse.Result] = []
        results.reserveCapacity(operations.count)
        var inserts: [Insert] = []
        inserts.reserveCapacity(operations.count)
        for (index, operation) in operations.enumerated() {
            if let seq = seqs[operation.id] {
                results.append(.init(id: operation.id, seq: seq))
                continue
            }
            head += 1
            seqs[operation.id] = head
            inserts.append(Insert(index: index, seq: head))
            results.append(.init(id: operation.id, seq: head))
        }
        self.operations = operations
        self.results = results
        self.inserts = inserts
        self.head = head
    }

    /// The cards the new operations touch: the merged states to read for
    /// ``mergedStates(current:)``. Empty when every operation was already stored.
    public var touchedProjects: Set<UUID> {
        Set(inserts.map { operations[$0.index].projectID })
    }

    /// The merged states to write: each touched card's `current` state (a fresh one when it has
    /// none yet) with the new operations applied in order.
    public func mergedStates(current: [UUID: ProjectState]) -> [UUID: ProjectState] {
        var states: [UUID: ProjectState] = [:]
        states.reserveCapacity(inserts.count)
        for insert in inserts {
            let operation = operations[insert.index]
            let id = operation.projectID
            states[id, default: current[id] ?? ProjectState(id: id)].apply(operation)
        }
        return states
    }
}
