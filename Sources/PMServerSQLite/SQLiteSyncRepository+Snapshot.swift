import Foundation
import GRDB
import PMDomain
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository {
    public func snapshot(board name: BoardName) async throws -> BoardSnapshot {
        let board = name.text
        let (rows, head) = try await writer.read { db in
            guard try Self.boardExists(db, name) else { throw SyncRepositoryError.boardUnknown(name) }
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(StoredColumns.Card.selection) FROM project WHERE board = ?", arguments: [board]
            ).map { (id: $0[StoredColumns.Card.id] as String, state: $0[StoredColumns.Card.state] as String) }
            let head =
                try Self.head(db, board: board)
            return (rows, head)
        }
        let states = try rows.compactMap { row -> ProjectState? in
            guard let id = UUID(uuidString: row.id) else { return nil }
            return try MergedProject.state(id: id, json: row.state)
        }
        return BoardSnapshot(seq: head, states: states)
    }

    /// The cards in pages by id, the board's primary key order, read from one snapshot of the
    /// database: a read transaction held open until the last page, so pushes that land while the
    /// answer is written change neither the head nor any page. A queue (only ever in memory,
    /// for tests) has no such snapshot, so its board is read whole.
    public func snapshotPages(board name: BoardName, size: Int) async throws -> SnapshotPages {
        guard let pool = writer as? DatabasePool else {
            return SnapshotPages(try await snapshot(board: name), size: size)
        }
        let view = try pool.makeSnapshot()
        let head = try await view.read { db in
            guard try Self.boardExists(db, name) else { throw SyncRepositoryError.boardUnknown(name) }
            return try Self.head(db, board: name.text)
        }
        let cursor = SnapshotCursor(view: view, board: name.text, size: max(size, 1))
        return SnapshotPages(head: head) { try await cursor.next() }
    }
}

/// Where a snapshot's paging has come to: the last card id sent.
private actor SnapshotCursor {
    let view: DatabaseSnapshot
    let board: String
    let size: Int
    var after = ""

    init(view: DatabaseSnapshot, board: String, size: Int) {
        self.view = view
        self.board = board
        self.size = size
    }

    /// The next page's cards; empty once every card was read. A page whose rows are all of
    /// deleted cards is skipped, so an empty answer only ever means the end.
    func next() async throws -> [BoardSnapshot.Card] {
        while true {
            let (board, after, size) = (self.board, self.after, self.size)
            // Columns at their position, and ids read without `UUID(uuidString:)` (`sscanf` on Linux):
            // both showed in a profile of the snapshot, at one per card.
            let rows = try await view.read { db in
                var rows: [(id: String, state: String)] = []
                rows.reserveCapacity(size)
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(StoredColumns.Card.selection) FROM project WHERE board = ? AND id > ? ORDER BY id LIMIT ?
                        """,
                    arguments: [board, after, size])
                while let row = try cursor.next() {
                    rows.append((row[StoredColumns.Card.id], row[StoredColumns.Card.state]))
                }
                return rows
            }
            guard let last = rows.last else { return [] }
            self.after = last.id
            let cards = try rows.compactMap { row -> BoardSnapshot.Card? in
                guard let id = UUID(text: row.id) else { return nil }
                return BoardSnapshot.Card(try MergedProject.state(id: id, json: row.state))
            }
            if !cards.isEmpty { return cards }
        }
    }
}
