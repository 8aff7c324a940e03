import Foundation
import HTTPTypes
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// The server's own clock for a user's CalDAV writes follows a card's clocks only up to the
/// skew: a card stamped in the far future (stored before pushes were bounded) neither refuses
/// the write that reads it nor carries every later write of that user past what is accepted.
@Suite struct ClockSkewWriteTests {
    @Test func givenACardStampedInTheFarFutureWhenAUserWritesItAndAnotherThenBothAreStampedAtTheServersTime()
        async throws
    {
        // Given a card whose fields a far-future operation set, stored before pushes were bounded
        let fixture = try await DAVFixture.make()
        let poisoned = ProjectOperation(
            id: SyncFixtures.uuid(1), projectID: DAVFixture.card,
            timestamp: HybridTimestamp(
                wallTime: ProjectOperation.wallTimeMaximum, counter: .max, device: SyncFixtures.device),
            fields: ProjectFields(title: "From the year 9999", deadline: Deadline(daysSince1970: 20_500), status: .todo)
        )
        _ = try await fixture.repository.push(board: "team", operations: [poisoned])
        let now = fixture.world.environment.wallTime

        try await fixture.application.test(.router) { client in
            // When ada's calendar app renames that card, and then adds a card of its own
            let rename = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo(summary: "Renamed"))
            let add = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other), headers: ["If-None-Match": "*"],
                body: DAVFixture.todo(DAVFixture.other, summary: "새 카드"))

            // Then neither is refused, and both are stamped at the server's time, not past it
            #expect((200..<300).contains(rename.status.code), "\(rename.status) \(rename.text)")
            #expect(add.status == .created, "\(add.status) \(add.text)")
            let stored = try await fixture.repository.operations(board: "team", after: 1, limit: 10).operations
            #expect(stored.count == 2)
            for entry in stored { #expect(entry.operation.timestamp.wallTime == now) }
            // (the far-future title still wins on its card: its clock is later than any honest one)
            let cards = try await fixture.cards()
            #expect(Set(cards.map(\.title)) == ["From the year 9999", "새 카드"])
        }
    }
}
