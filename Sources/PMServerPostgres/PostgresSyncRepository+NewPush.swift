import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PostgresNIO

/// A push found one of its operations stored already: its transaction was rolled back, and the
/// push is to be done the careful way.
struct OperationAlreadyStored: Error {}

extension PostgresSyncRepository {
    /// The push of a batch none of whose operations is stored yet, the usual case: under the
    /// board's lock, one statement (``PostgresStatements/PushNew``) inserts everything and
    /// answers the stored states of the cards the board already held, which are merged and
    /// written by a second one. Without the read of the batch's ids before the write, and with
    /// the merged states of new cards made before the lock, the lock is held for less. An
    /// operation found stored rolls the whole transaction back (``OperationAlreadyStored``):
    /// nothing of it is kept, and no notification is sent.
    func pushNew(board: BoardName, author: UserName?, prepared: PreparedPush) async throws
        -> [PushResponse.Result]
    {
        let ids = prepared.operations.map(\.id)
        let cards = prepared.freshStates.map(\.id)
        let states = prepared.freshStates.map(\.state)
        return try await transaction { connection in
            let locked = try await connection.execute(
                PostgresStatements.LockBoard(board: board.text), logger: logger)
            guard let head = try await locked.first(where: { _ in true }) else {
                throw SyncRepositoryError.boardUnknown(board)
            }
            let plan = prepared.plan(head: head)
            guard !plan.inserts.isEmpty else { return plan.results }
            let write = PostgresStatements.PushNew(
                rows: .init(
                    board: board.text, author: author?.text, seqs: plan.inserts.map(\.seq),
                    ids: plan.inserts.map { ids[$0.index] }, bodies: plan.inserts.map { prepared.bodies[$0.index] },
                    projectIDs: cards, states: states, head: plan.head,
                    channel: Self.notificationChannel, payload: try Self.headPayload(board: board, head: plan.head)))
            var inserted: Int64 = 0
            var held: [UUID: ProjectState] = [:]
            for try await (count, card, state) in try await connection.execute(write, logger: logger) {
                if let count {
                    inserted = count
                } else if let card, let state {
                    held[card] = try MergedProject.state(id: card, json: state)
                }
            }
            guard inserted == plan.inserts.count else { throw OperationAlreadyStored() }
            if !held.isEmpty {
                let merged = prepared.mergedStates(of: held).map { ($0.key, MergedProject.json($0.value)) }
                _ = try await connection.execute(
                    PostgresStatements.PushMergedStates(
                        board: board.text, ids: merged.map(\.0), states: merged.map(\.1)),
                    logger: logger)
            }
            return plan.results
        }
    }
}
