public import Foundation
import GRDB
import PMDomain
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
                        SELECT project.id, project.state, calendar_text.text
                        FROM json_each(?) AS list CROSS JOIN project
                        LEFT JOIN calendar_text ON calendar_text.board = project.board AND calendar_text.card = project.id
                        WHERE project.board = ? AND project.id = list.value
                        """,
                    arguments: [Self.jsonArray(ids.map(\.lowercased)), board.text])
            } else {
                rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT project.id, project.state, calendar_text.text FROM project
                        LEFT JOIN calendar_text ON calendar_text.board = project.board AND calendar_text.card = project.id
                        WHERE project.board = ?
                        """,
                    arguments: [board.text])
            }
            var cards: [StoredCalendarCard] = []
            while let row = try rows.next() {
                guard let id = UUID(uuidString: row[0]) else { continue }
                cards.append(StoredCalendarCard(id: id, state: row[1], text: row[2]))
            }
            let head =
                try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM operation WHERE board = ?", arguments: [board.text])
                ?? 0
            return (cards, head)
        }
    }
}
