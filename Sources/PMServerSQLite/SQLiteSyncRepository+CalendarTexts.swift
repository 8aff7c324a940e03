public import Foundation
import GRDB
import PMDomain
import PMSQLite
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository: CalendarTextRepository {
    public func calendarText(board: BoardName, card: UUID) async throws -> String? {
        try await writer.read { db in
            try String.fetchOne(
                db, sql: "SELECT text FROM calendar_text WHERE board = ? AND card = ?",
                arguments: [board.text, card.lowercased])
        }
    }

    public func calendarTexts(board: BoardName) async throws -> [UUID: String] {
        try await writer.read { db in
            var texts: [UUID: String] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT \(StoredColumns.CalendarText.selection) FROM calendar_text WHERE board = ?",
                arguments: [board.text])
            while let row = try rows.next() {
                if let card = UUID(uuidString: row[StoredColumns.CalendarText.card]) {
                    texts[card] = row[StoredColumns.CalendarText.text]
                }
            }
            return texts
        }
    }

    public func setCalendarText(_ text: String?, board: BoardName, card: UUID) async throws {
        try await writer.write { db in
            guard try Self.boardExists(db, board) else { throw SyncRepositoryError.boardUnknown(board) }
            let id = card.lowercased
            if let text {
                try db.execute(
                    sql: """
                        INSERT INTO calendar_text (board, card, text) VALUES (?, ?, ?)
                        ON CONFLICT (board, card) DO UPDATE SET text = excluded.text
                        """, arguments: [board.text, id, text])
            } else {
                try db.execute(
                    sql: "DELETE FROM calendar_text WHERE board = ? AND card = ?", arguments: [board.text, id])
            }
        }
    }

    /// The table's migration, appended to ``migrator`` after the others.
    static func registerCalendarTexts(_ migrator: inout DatabaseMigrator) {
        // The VTODO a CalDAV client last sent for a card, kept for the properties the board has
        // no field for; it goes with its board.
        migrator.registerMigration("v6: calendar texts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE calendar_text (
                        board TEXT NOT NULL REFERENCES board(name) ON DELETE CASCADE,
                        card TEXT NOT NULL CHECK (length(card) = 36),
                        text TEXT NOT NULL,
                        PRIMARY KEY (board, card)
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
