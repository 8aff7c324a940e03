import Foundation
import GRDB
public import PMDomain
import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    public func push(board: String, operations: [ProjectOperation]) async throws -> [PushResponse.Result] {
        let encoder = JSONEncoder()
        let bodies = try operations.map { try encoder.encode($0) }
        return try await writer.write { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            var head =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board]) ?? 0
            var results: [PushResponse.Result] = []
            results.reserveCapacity(operations.count)
            let find = try db.cachedStatement(sql: "SELECT seq FROM operation WHERE board = ? AND id = ?")
            let insert = try db.cachedStatement(
                sql: "INSERT INTO operation (board, seq, id, body) VALUES (?, ?, ?, ?)")
            var states: [UUID: ProjectState] = [:]
            for (operation, body) in zip(operations, bodies) {
                let id = operation.id.lowercased
                if let seq = try Int64.fetchOne(find, arguments: [board, id]) {
                    results.append(.init(id: operation.id, seq: seq))
                    continue
                }
                head += 1
                try insert.execute(arguments: [board, head, id, String(decoding: body, as: UTF8.self)])
                results.append(.init(id: operation.id, seq: head))
                if states[operation.projectID] == nil {
                    states[operation.projectID] = try Self.mergedProject(db, board: board, id: operation.projectID)
                }
                states[operation.projectID]?.apply(operation)
            }
            let encoder = JSONEncoder()
            let save = try db.cachedStatement(
                sql: """
                    INSERT INTO project (board, id, state) VALUES (?, ?, ?)
                    ON CONFLICT (board, id) DO UPDATE SET state = excluded.state
                    """)
            for (id, state) in states {
                let text = String(decoding: try encoder.encode(MergedProject(state)), as: UTF8.self)
                try save.execute(arguments: [board, id.lowercased, text])
            }
            return results
        }
    }

    public func operations(board: String, after: Int64, limit: Int) async throws -> OperationPage {
        let (rows, head) = try await writer.read { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            let rows = try Row.fetchAll(
                db, sql: "SELECT seq, body FROM operation WHERE board = ? AND seq > ? ORDER BY seq LIMIT ?",
                arguments: [board, after, limit]
            ).map { (seq: $0["seq"] as Int64, body: $0["body"] as String) }
            let head =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board]) ?? 0
            return (rows, head)
        }
        return try OperationPage(storedRows: rows, after: after, head: head)
    }

    public func snapshot(board: String) async throws -> BoardSnapshot {
        let (rows, head) = try await writer.read { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            let rows = try Row.fetchAll(db, sql: "SELECT id, state FROM project WHERE board = ?", arguments: [board])
                .map { (id: $0["id"] as String, state: $0["state"] as String) }
            let head =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board]) ?? 0
            return (rows, head)
        }
        let decoder = JSONDecoder()
        let states = try rows.compactMap { row -> ProjectState? in
            guard let id = UUID(uuidString: row.id) else { return nil }
            return try decoder.decode(MergedProject.self, from: Data(row.state.utf8)).state(id: id)
        }
        return BoardSnapshot(seq: head, states: states)
    }

    static func mergedProject(_ db: Database, board: String, id: UUID) throws -> ProjectState {
        guard
            let text = try String.fetchOne(
                db, sql: "SELECT state FROM project WHERE board = ? AND id = ?", arguments: [board, id.lowercased])
        else { return ProjectState(id: id) }
        return try JSONDecoder().decode(MergedProject.self, from: Data(text.utf8)).state(id: id)
    }
}
