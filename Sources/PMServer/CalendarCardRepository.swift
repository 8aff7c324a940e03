public import Foundation
public import PMSyncProtocol

/// A card as a CalDAV listing reads it: its merged state in the stored form and the text its
/// client last sent. Equal stored states are equal cards, so a listing compares these texts with
/// what it built its answers from and decodes and writes only the cards that changed.
public struct StoredCalendarCard: Hashable, Sendable {
    /// The card's id.
    public var id: UUID
    /// Its merged state as stored (``MergedProject/json(_:)``), deleted cards included.
    public var state: String
    /// The iCalendar text a client last sent for it, if any.
    public var text: String?

    /// A stored card from its parts.
    public init(id: UUID, state: String, text: String?) {
        self.id = id
        self.state = state
        self.text = text
    }
}

/// A ``CalendarTextRepository`` that reads a board's cards as stored, with their texts, in one
/// read and without decoding them — all of them, or only those asked for by id — so that CalDAV
/// answers from a board of thousands of cards without decoding every card for every request. A
/// repository without it is read through ``SyncRepository/snapshot(board:)``.
public protocol CalendarCardRepository: CalendarTextRepository {
    /// The cards of `board` (only those of `ids`, when given; ids of no card are left out), and
    /// the board's head. An unknown board is refused like ``SyncRepository/snapshot(board:)``.
    func calendarCards(board: BoardName, ids: [UUID]?) async throws -> (cards: [StoredCalendarCard], head: Int64)
}
