import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@testable import PMDAV

/// The cache behind every listing: a card's resource is built again exactly when its stored
/// state or text changed, so its ETag changes with its text and never goes stale.
@Suite struct CardResourceCacheTests {
    static let id = SyncFixtures.uuid(1)

    static func stored(title: String, text: String? = nil) -> StoredCalendarCard {
        var state = ProjectState(id: id)
        let clock = HybridTimestamp(wallTime: 1_763_683_200_000, counter: 0, device: SyncFixtures.device)
        state.title = .init(value: title, timestamp: clock)
        state.createdAt = 1_763_683_200_000
        state.updatedAt = 1_763_683_200_000
        return StoredCalendarCard(id: id, state: MergedProject.json(state), text: text)
    }

    /// The resources of `cards`, and how many were built rather than reused.
    static func list(_ cache: CardResourceCache, _ cards: [StoredCalendarCard]) throws -> ([CardResource], Int) {
        var built = 0
        let resources = try cache.resources(board: "team", cards: cards, complete: true) { card, text in
            built += 1
            return CardResource(card: card, stored: text, timeZone: TimeZone(identifier: "UTC")!)
        }
        return (resources, built)
    }

    @Test func givenAListedCardWhenItsStoredStateOrTextChangesThenOnlyThenItIsBuiltAgainWithANewETag() throws {
        // Given a card listed once
        let cache = CardResourceCache()
        let (first, builtFirst) = try Self.list(cache, [Self.stored(title: "Write spec")])
        #expect(builtFirst == 1)

        // When it is listed again unchanged, then it is reused
        let (same, builtSame) = try Self.list(cache, [Self.stored(title: "Write spec")])
        #expect(builtSame == 0)
        #expect(same.map(\.etag) == first.map(\.etag))

        // When a client's text is stored for it, then it is built again, with that text merged
        let text = DAVFixture.todo(Self.id, summary: "Write spec", extra: ["PRIORITY:1"])
        let (withText, builtText) = try Self.list(cache, [Self.stored(title: "Write spec", text: text)])
        #expect(builtText == 1)
        #expect(withText.first?.text.contains("PRIORITY:1") == true)
        #expect(withText.map(\.etag) != first.map(\.etag))

        // When the board renames it, then it is built again with the new title and ETag
        let (renamed, builtRenamed) = try Self.list(cache, [Self.stored(title: "Write the spec", text: text)])
        #expect(builtRenamed == 1)
        #expect(renamed.first?.text.contains("SUMMARY:Write the spec") == true)
        #expect(renamed.map(\.etag) != withText.map(\.etag))

        // When it is gone from a full listing, then it is forgotten: listed again, it is built again
        _ = try Self.list(cache, [])
        let (_, builtAgain) = try Self.list(cache, [Self.stored(title: "Write the spec", text: text)])
        #expect(builtAgain == 1)
    }
}
