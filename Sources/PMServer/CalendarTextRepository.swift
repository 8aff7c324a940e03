public import Foundation
public import PMSyncProtocol

/// A ``SyncRepository`` that also keeps, per card, the iCalendar text a CalDAV client last sent
/// for it, so that properties the board has no field for (PRIORITY, CATEGORIES, VALARM, X-…)
/// come back as the client sent them. Apart from ``SyncRepository`` so that a repository
/// without CalDAV (a test's wrapper) need not implement it. The calendars of a user's CalDAV home
/// are their boards, ``SessionRepository/boards(member:)``.
public protocol CalendarTextRepository: SyncRepository {
    /// The text a client last sent for `card` on `board`, if any.
    func calendarText(board: BoardName, card: UUID) async throws -> String?
    /// Every text stored for `board`'s cards, by card.
    func calendarTexts(board: BoardName) async throws -> [UUID: String]
    /// Stores `text` for `card` on `board`, replacing any text before it; `nil` removes it.
    func setCalendarText(_ text: String?, board: BoardName, card: UUID) async throws
}
