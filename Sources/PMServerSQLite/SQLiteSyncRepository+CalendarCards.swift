public import Foundation
import GRDB
import PMDomain
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository: CalendarCardRepository {
    public func calendarCards(board: BoardName, ids: [UUID]?) async throws -> (
        cards: [StoredCalendarCard], head: Int64
    ) {
        try await writer.read { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            let rows: RowCursor
            if let ids {
                // `CROSS JOIN` keeps the list as the outer loop: each id one look-up by primary key.
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(StoredColumns.CalendarCard.selection)
                        FROM json_each(?) AS list CROSS JOIN project
                        LEFT JOIN calendar_text ON calendar_text.board = project.board AND calendar_text.card = project.id
                        WHERE project.board = ? AND project.id = list.value
                        """,
                    arguments: [Self.jsonArray(ids.map(\.lowercased)), board.text])
            } else {
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(StoredColumns.CalendarCard.selection) FROM project
                        LEFT JOIN calendar_text ON calendar_text.board = project.board AND calendar_text.card = project.id
                        WHERE project.board = ?
                        """,
                    arguments: [board.text])
            }
            var cards: [StoredCalendarCard] = []
            while let row = try rows.next() {
                typealias Column = StoredColumns.CalendarCard
                guard let id = UUID(uuidString: row[Column.id]) else { continue }
                cards.append(StoredCalendarCard(id: id, state: row[Column.state], text: row[Column.text]))
            }
            let head =
                try Self.head(db, board: board.text)
            return (cards, head)
        }
    }
}
