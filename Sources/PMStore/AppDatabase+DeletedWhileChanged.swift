public import Foundation
import GRDB
import PMDomain
import PMSQLite

/// A card this device changed that someone else deleted meanwhile: a sync that brings the
/// delete in notes it, since the card vanishes from this device's lists with the change on it.
public struct DeletedWhileChanged: Hashable, Sendable {
    /// The card.
    public var id: UUID
    /// Its title, as it was when deleted.
    public var title: String
    /// Who deleted it, as history names them (`bob`, `device d8d8d9bc`).
    public var deletedBy: String

    /// A note from its parts.
    public init(id: UUID, title: String, deletedBy: String) {
        self.id = id
        self.title = title
        self.deletedBy = deletedBy
    }
}

extension AppDatabase {
    /// The cards this device changed that it has not yet seen back in the server's order:
    /// changes still waiting to be sent, and those sent past what it has pulled. A delete pulled
    /// next may have been made without seeing them.
    public func cardsChangedSinceLastPull() throws -> Set<UUID> {
        try read { db in
            let device = try Self.clock(db).device
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(OperationRow.ChangeColumns.selection) FROM operation
                    WHERE serverSeq IS NULL OR serverSeq > coalesce((SELECT cursor FROM remote), 0)
                    """)
            var ids: Set<UUID> = []
            while let row = try rows.next() {
                guard HybridTimestamp(row[OperationRow.ChangeColumns.clock] as String)?.device == device,
                    let id = UUID(text: row[OperationRow.ChangeColumns.projectId])
                else {
                    continue
                }
                ids.insert(id)
            }
            return ids
        }
    }

    /// Those of `ids` that another device's change has deleted, in title order.
    public func deletedByOthers(among ids: Set<UUID>) throws -> [DeletedWhileChanged] {
        try read { db in
            let device = try Self.clock(db).device
            var found: [DeletedWhileChanged] = []
            for id in ids {
                let state = try ProjectRow.state(id, in: db)
                guard let deleted = state.deleted, deleted.value, deleted.timestamp.device != device,
                    let title = state.title?.value
                else { continue }
                let (operations, authors) = try OperationRow.operations(ofProjects: [id.lowercased], in: db)
                let author = operations.first { $0.timestamp == deleted.timestamp }.flatMap { authors[$0.id] }
                found.append(
                    DeletedWhileChanged(
                        id: id, title: title,
                        deletedBy: HistoryEntry.who(author: author, device: deleted.timestamp.device)))
            }
            return found.sorted { ($0.title, $0.id.lowercased) < ($1.title, $1.id.lowercased) }
        }
    }
}
