public import Foundation
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository: CalendarCardRepository {
    public func calendarCards(board: BoardName, ids: [UUID]?) async throws -> (
        cards: [StoredCalendarCard], head: Int64
    ) {
        // One snapshot of the board: the head and the cards agree.
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
            let head = try await Self.head(connection, board: board, logger: logger)
            let found: PostgresRowSequence
            if let ids {
                found = try await connection.query(
                    """
                    SELECT projects.id, projects.state, calendar_texts.text FROM projects
                    LEFT JOIN calendar_texts ON calendar_texts.board = projects.board AND calendar_texts.card = projects.id
                    WHERE projects.board = \(board.text) AND projects.id = ANY(\(ids))
                    """, logger: logger)
            } else {
                found = try await connection.query(
                    """
                    SELECT projects.id, projects.state, calendar_texts.text FROM projects
                    LEFT JOIN calendar_texts ON calendar_texts.board = projects.board AND calendar_texts.card = projects.id
                    WHERE projects.board = \(board.text)
                    """, logger: logger)
            }
            var cards: [StoredCalendarCard] = []
            for try await (id, state, text) in found.decode((UUID, String, String?).self) {
                cards.append(StoredCalendarCard(id: id, state: state, text: text))
            }
            return (cards, head)
        }
    }
}
