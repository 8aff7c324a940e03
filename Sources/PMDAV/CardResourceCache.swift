import Foundation
import PMSyncProtocol
import Synchronization

/// The card resources built for earlier requests, so that a listing of a large board writes and
/// hashes only the cards that changed since: an entry is reused while the merged card and the
/// client's stored text are both exactly what it was built from (the time zone is the
/// controller's, fixed). A full listing of a board replaces that board's entries, so cards gone
/// from it are forgotten.
final class CardResourceCache: Sendable {
    private struct Entry {
        var card: BoardSnapshot.Card
        var stored: String?
        var resource: CardResource
    }

    private let boards = Mutex<[String: [UUID: Entry]]>([:])

    /// The resources of `cards` on `board` (with their stored texts), built only where not cached.
    /// `complete` says `cards` are all of the board's.
    func resources(
        board: String, cards: [BoardSnapshot.Card], texts: [UUID: String], complete: Bool,
        make: (BoardSnapshot.Card, String?) -> CardResource
    ) -> [CardResource] {
        let cached = boards.withLock { $0[board] ?? [:] }
        var fresh: [UUID: Entry] = complete ? [:] : cached
        var resources: [CardResource] = []
        resources.reserveCapacity(cards.count)
        for card in cards {
            let stored = texts[card.id]
            if let entry = cached[card.id], entry.card == card, entry.stored == stored {
                resources.append(entry.resource)
                if complete { fresh[card.id] = entry }
            } else {
                let resource = make(card, stored)
                resources.append(resource)
                fresh[card.id] = Entry(card: card, stored: stored, resource: resource)
            }
        }
        boards.withLock { $0[board] = fresh }
        return resources
    }
}
