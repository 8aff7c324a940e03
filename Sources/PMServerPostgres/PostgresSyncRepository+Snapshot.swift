import Foundation
import PMDomain
import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    public func snapshot(board: BoardName) async throws -> BoardSnapshot {
        let (rows, head) = try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
            let head = try await Self.head(connection, board: board, logger: logger)
            let found = try await connection.query(
                "SELECT id, state FROM projects WHERE board = \(board.text)", logger: logger)
            var rows: [(id: UUID, state: String)] = []
            for try await (id, state) in found.decode((UUID, String).self) { rows.append((id, state)) }
            return (rows, head)
        }
        let states = try rows.map { try MergedProject.state(id: $0.id, json: $0.state) }
        return BoardSnapshot(seq: head, states: states)
    }

    /// The board's latest sequence number; an unknown board is refused.
    static func head(_ connection: PostgresConnection, board: BoardName, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query("SELECT head FROM boards WHERE name = \(board.text)", logger: logger)
        guard let head = try await rows.decode(Int64.self).first(where: { _ in true }) else {
            throw SyncRepositoryError.boardUnknown(board)
        }
        return head
    }
}
