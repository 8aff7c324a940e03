public import Foundation
public import PMDomain
import PMSyncProtocol

/// The part of a push that needs no storage, done before a backend's transaction (outside the
/// board's lock, where pushes do not take turns): each operation's stored text, and each touched
/// card's merged state as it is when the card is new, as a backend writes it.
///
/// A backend first tries the push as if none of its operations were stored yet: it numbers them
/// from the head (``plan(head:)``), inserts them with the `(board, id)` index checking for
/// duplicates, and inserts ``freshStates`` for the cards it does not hold yet. Only the cards it
/// already holds are read and merged (``mergedStates(of:)``). An operation found stored
/// undoes the attempt, and the push is done the careful way (``PushPlan`` with the stored
/// numbers), so a retried push still stores nothing twice and answers the same numbers.
public struct PreparedPush: Sendable {
    /// The pushed batch, in order.
    public let operations: [ProjectOperation]
    /// Each operation's stored text (``ProjectOperation/storedJSON``), in the batch's order.
    public let bodies: [String]
    /// The cards the batch touches and, at the same index, each one's merged state over the
    /// batch alone as stored text (``MergedProject/json(_:)``): what a card the board does not
    /// hold yet is stored as.
    public let freshStates: [(id: UUID, state: String)]

    /// Prepares the push of `operations`.
    public init(operations: [ProjectOperation]) {
        self.operations = operations
        bodies = operations.map(\.storedJSON)
        let merged = PushPlan(operations: operations, head: 0, stored: [:]).mergedStates(current: [:])
        var freshStates: [(id: UUID, state: String)] = []
        freshStates.reserveCapacity(merged.count)
        for (id, state) in merged { freshStates.append((id, MergedProject.json(state))) }
        self.freshStates = freshStates
    }

    /// The plan when none of the batch is stored yet: every distinct operation numbered from
    /// `head` on, in order.
    public func plan(head: Int64) -> PushPlan {
        PushPlan(operations: operations, head: head, stored: [:])
    }

    /// The merged states to write over `cards`, the stored states of cards the board already
    /// holds: each with the batch's operations on the card applied in order (an operation the
    /// batch repeats changes nothing the second time: merging is idempotent).
    public func mergedStates(of cards: [UUID: ProjectState]) -> [UUID: ProjectState] {
        var states = cards
        for operation in operations where states[operation.projectID] != nil {
            states[operation.projectID]?.apply(operation)
        }
        return states
    }
}
