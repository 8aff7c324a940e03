import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PostgresNIO

/// A push was not all new (one of its operations or cards was stored already, or a card it
/// merges into changed since it was read): its statement was rolled back, and the push is to
/// be done the careful way.
struct OperationAlreadyStored: Error {}

extension PostgresSyncRepository {
    /// The push of a batch none of whose operations is stored yet, the usual case, in one
    /// statement that commits on its own (``PostgresStatements/PushNew``): the board's lock is
    /// taken inside it and released by its commit, so pushes to one board take turns only for
    /// the writes and the commit, not for round trips to pm-server. Before it, outside the lock,
    /// the stored states of the cards the board already holds are read and merged with the
    /// batch. Anything not as expected (an operation stored already, a card stored meanwhile or
    /// changed since it was read) rolls the statement back (``OperationAlreadyStored``): nothing
    /// of it is kept, and no notification is sent.
    func pushNew(board: BoardName, author: UserName?, prepared: PreparedPush) async throws
        -> [PushResponse.Result]
    {
        // Numbered from an empty board: the statement adds the head it finds under the lock.
        let plan = prepared.plan(head: 0)
        // Only an empty batch has nothing to number: the careful way answers it (and refuses
        // an unknown board, as for any push).
        guard !plan.inserts.isEmpty else { throw OperationAlreadyStored() }
        let ids = prepared.operations.map(\.id)
        return try await client.withConnection { connection in
            var held: [UUID: String] = [:]
            let read = PostgresStatements.HeldStates(board: board.text, ids: prepared.freshStates.map(\.id))
            for try await (card, state) in try await connection.execute(read, logger: logger) { held[card] = state }
            var statement = PostgresStatements.PushNew(
                board: board.text, author: author?.text, places: plan.inserts.map(\.seq),
                ids: plan.inserts.map { ids[$0.index] }, bodies: plan.inserts.map { prepared.bodies[$0.index] },
                freshIDs: [], freshStates: [], heldIDs: [], heldStates: [], mergedStates: [],
                channel: Self.notificationChannel)
            if held.isEmpty {
                statement.freshIDs = prepared.freshStates.map(\.id)
                statement.freshStates = prepared.freshStates.map(\.state)
            } else {
                var stored: [UUID: ProjectState] = [:]
                for (card, state) in held { stored[card] = try MergedProject.state(id: card, json: state) }
                for card in prepared.freshStates where held[card.id] == nil {
                    statement.freshIDs.append(card.id)
                    statement.freshStates.append(card.state)
                }
                let merged = prepared.mergedStates(of: stored)
                for (card, json) in held {
                    guard let state = merged[card] else { continue }
                    statement.heldIDs.append(card)
                    statement.heldStates.append(json)
                    statement.mergedStates.append(MergedProject.json(state))
                }
            }
            var newHead: Int64?
            do {
                for try await (head, _) in try await connection.execute(statement, logger: logger) { newHead = head }
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.pushRefusedState {
                throw OperationAlreadyStored()
            }
            guard let newHead else { throw SyncRepositoryError.boardUnknown(board) }
            // The answer ends at the statement's end, before its commit; the next query on the
            // connection is answered after it, so the push is acknowledged only once durable.
            for try await _ in try await connection.query("SELECT 1", logger: logger) {}
            let start = newHead - plan.head
            return plan.results.map { PushResponse.Result(id: $0.id, seq: $0.seq + start) }
        }
    }
}
