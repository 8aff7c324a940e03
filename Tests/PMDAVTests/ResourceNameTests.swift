import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// The server owns resource names: a client's `X-PM-RESOURCE` is never kept, so no card can be
/// served at another card's address (where a DELETE, in anyone's calendar app, would delete the
/// other card and be recorded as that person's change).
@Suite(.serialized) struct ResourceNameTests {
    /// A VTODO for card `id` whose VCALENDAR claims `claimed` as its resource name.
    static func todo(_ id: UUID, title: String, claiming claimed: String) -> String {
        DAVFixture.todo(id, summary: title, due: nil)
            .replacingOccurrences(of: "VERSION:2.0\r\n", with: "VERSION:2.0\r\nX-PM-RESOURCE:\(claimed)\r\n")
    }

    static func name(_ id: UUID) -> String { "\(id.uuidString.lowercased()).ics" }

    @Test func givenAPutClaimingAnotherCardsAddressWhenTheCalendarIsListedAndThatAddressDeletedThenOnlyItsOwnCardGoes()
        async throws
    {
        // Given two cards on a real server, the second put with an X-PM-RESOURCE naming the first's address
        let server = try await CalDAVServer.start()
        defer { server.stop() }
        let victim = DAVFixture.card
        let intruder = DAVFixture.other
        let victimPath = "/dav/calendars/ada/team/\(Self.name(victim))"
        let intruderPath = "/dav/calendars/ada/team/\(Self.name(intruder))"
        let first = try await StaleWriteEndToEndTests.send(
            server, "PUT", victimPath, body: DAVFixture.todo(victim, summary: "Pay rent", due: nil))
        try #require(first.status == 201, "PUT: \(first.body)\n\(server.log)")
        let claim = try await StaleWriteEndToEndTests.send(
            server, "PUT", intruderPath, body: Self.todo(intruder, title: "Decoy", claiming: Self.name(victim)))
        #expect(claim.status == 201, "PUT: \(claim.body)")

        // When the calendar is listed
        let listing = try await StaleWriteEndToEndTests.send(
            server, "PROPFIND", "/dav/calendars/ada/team/", headers: ["Depth": "1"])

        // Then each card is at its own address, once, and the claim is not served back
        #expect(listing.body.components(separatedBy: "<D:href>\(victimPath)</D:href>").count == 2)
        #expect(listing.body.contains("<D:href>\(intruderPath)</D:href>"))
        let decoy = try await StaleWriteEndToEndTests.send(server, "GET", intruderPath)
        #expect(decoy.body.contains("SUMMARY:Decoy"))
        #expect(!decoy.body.contains("X-PM-RESOURCE"))

        // And deleting the decoy where it is listed deletes the decoy, never the other card
        let delete = try await StaleWriteEndToEndTests.send(server, "DELETE", intruderPath)
        #expect(delete.status == 204)
        #expect(try await server.cards().map { $0["title"] as? String } == ["Pay rent"])
    }

    @Test func givenAClaimStoredBeforeTheRuleWhenTheCardIsServedThenItIsAtItsOwnAddress() async throws {
        // Given a card whose stored text (kept before the server refused such names) claims another card's address
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other), body: DAVFixture.todo(DAVFixture.other))
            try await fixture.repository.setCalendarText(
                Self.todo(DAVFixture.other, title: "Write spec", claiming: Self.name(DAVFixture.card)), board: "team",
                card: DAVFixture.other)

            // When the calendar is listed
            let listing = try await fixture.send(
                client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "1"])

            // Then both cards are at their own addresses, each once
            #expect(
                listing.text.components(separatedBy: "<D:href>\(DAVFixture.path(DAVFixture.card))</D:href>").count == 2)
            #expect(listing.text.contains("<D:href>\(DAVFixture.path(DAVFixture.other))</D:href>"))
        }
    }
}
