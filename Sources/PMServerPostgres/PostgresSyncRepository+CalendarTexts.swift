public import Foundation
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository: CalendarTextRepository {
    public func calendarText(board: BoardName, card: UUID) async throws -> String? {
        let rows = try await client.query(
            "SELECT text FROM calendar_texts WHERE board = \(board.text) AND card = \(card)", logger: logger)
        for try await text in rows.decode(String.self) { return text }
        return nil
    }

    public func calendarTexts(board: BoardName) async throws -> [UUID: String] {
        let rows = try await client.query(
            "SELECT card, text FROM calendar_texts WHERE board = \(board.text)", logger: logger)
        var texts: [UUID: String] = [:]
        for try await (card, text) in rows.decode((UUID, String).self) { texts[card] = text }
        return texts
    }

    public func setCalendarText(_ text: String?, board: BoardName, card: UUID) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                "SELECT EXISTS (SELECT 1 FROM boards WHERE name = \(board.text))", logger: logger)
            var exists = false
            for try await found in rows.decode(Bool.self) { exists = found }
            guard exists else { throw SyncRepositoryError.boardUnknown(board) }
            if let text {
                try await connection.query(
                    """
                    INSERT INTO calendar_texts (board, card, text) VALUES (\(board.text), \(card), \(text))
                    ON CONFLICT (board, card) DO UPDATE SET text = excluded.text
                    """, logger: logger)
            } else {
                try await connection.query(
                    "DELETE FROM calendar_texts WHERE board = \(board.text) AND card = \(card)", logger: logger)
            }
        }
    }

    /// The VTODO a CalDAV client last sent for a card, kept for the properties the board has no
    /// field for; it goes with its board.
    static var calendarTextsMigration: Migration {
        Migration(
            name: "v6: calendar texts",
            statements: [
                """
                CREATE TABLE calendar_texts (
                    board TEXT NOT NULL REFERENCES boards(name) ON DELETE CASCADE,
                    card UUID NOT NULL,
                    text TEXT NOT NULL,
                    PRIMARY KEY (board, card)
                )
                """
            ])
    }
}
