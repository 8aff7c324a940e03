import Foundation
import GRDB
public import PMDomain
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    public func snapshot(board name: BoardName) async throws -> BoardSnapshot {
        let board = name.text
        let (rows, head) = try await writer.read { db in
            guard try Self.boardExists(db, name) else { throw SyncRepositoryError.boardUnknown(name) }
            let rows = try Row.fetchAll(db, sql: "SELECT id, state FROM project WHERE board = ?", arguments: [board])
                .map { (id: $0["id"] as String, state: $0["state"] as String) }
            let head =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board]) ?? 0
            return (rows, head)
        }
        let states = try rows.compactMap { row -> ProjectState? in
            guard let id = UUID(uuidString: row.id) else { return nil }
            return try MergedProject.state(id: id, json: row.state)
        }
        return BoardSnapshot(seq: head, states: states)
    }
}
