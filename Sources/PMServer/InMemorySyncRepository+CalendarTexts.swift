public import Foundation
public import PMSyncProtocol

extension InMemorySyncRepository: CalendarTextRepository {
    public func calendarText(board: BoardName, card: UUID) -> String? {
        calendarTextsByBoard[board]?[card]
    }

    public func calendarTexts(board: BoardName) -> [UUID: String] {
        calendarTextsByBoard[board] ?? [:]
    }

    public func setCalendarText(_ text: String?, board: BoardName, card: UUID) throws {
        guard boardExists(board) else { throw SyncRepositoryError.boardUnknown(board) }
        calendarTextsByBoard[board, default: [:]][card] = text
    }
}
