public import Foundation

extension InMemorySyncRepository: CalendarTextRepository {
    public func calendarText(board: String, card: UUID) -> String? {
        calendarTextsByBoard[board]?[card]
    }

    public func calendarTexts(board: String) -> [UUID: String] {
        calendarTextsByBoard[board] ?? [:]
    }

    public func setCalendarText(_ text: String?, board: String, card: UUID) throws {
        guard boardExists(board) else { throw SyncRepositoryError.boardUnknown(board) }
        calendarTextsByBoard[board, default: [:]][card] = text
    }
}
