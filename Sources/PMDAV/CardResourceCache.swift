import Foundation
import PMServer
import PMSyncProtocol
import Synchronization

/// The card resources built for earlier requests, so that a listing of a large board decodes,
/// writes and hashes only the cards that changed since: an entry is reused while the card's
/// stored state and the client's stored text are both byte for byte what it was built from (the
/// time zone is the controller's, fixed), since the resource is a function of those alone. A
/// full listing of a board replaces that board's entries, so cards gone from it are forgotten.
final class CardResourceCache: Sendable {
    private struct Entry {
        var state: String
        var text: String?
        /// `nil` for a card deleted (or never created): not a resource.
        var resource: CardResource?
    }

    private let boards = Mutex<[String: [UUID: Entry]]>([:])

    /// The resources of the visible cards among `cards` (in their order), built only where not
    /// cached. `complete` says `cards` are all of the board's.
    func resources(
        board: String, cards: [StoredCalendarCard], complete: Bool,
        make: (BoardSnapshot.Card, String?) -> CardResource
    ) throws -> [CardResource] {
        let cached = boards.withLock { $0[board] ?? [:] }
        var fresh: [UUID: Entry] = [:]
        var changed = complete && cards.count != cached.count
        var resources: [CardResource] = []
        resources.reserveCapacity(cards.count)
        for card in cards {
            if let entry = cached[card.id], Self.same(entry.state, card.state), Self.same(entry.text, card.text) {
                if let resource = entry.resource { resources.append(resource) }
                continue
            }
            let state = try MergedProject.state(id: card.id, json: card.state)
            let resource = BoardSnapshot.Card(state).map { make($0, card.text) }
            if let resource { resources.append(resource) }
            fresh[card.id] = Entry(state: card.state, text: card.text, resource: resource)
            changed = true
        }
        guard changed else { return resources }
        boards.withLock { boards in
            if complete {
                // Only the cards listed stay.
                let listed = Set(cards.map(\.id))
                boards[board] = cached.filter { listed.contains($0.key) }.merging(fresh) { _, new in new }
            } else {
                boards[board, default: [:]].merge(fresh) { _, new in new }
            }
        }
        return resources
    }

    /// Whether two stored texts are the same bytes (Unicode's equivalence is not enough: the
    /// resource is written from the bytes).
    static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        guard var lhs, var rhs else { return lhs == nil && rhs == nil }
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }
}
