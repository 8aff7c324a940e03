import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct ReportTests {
    static func syncCollection(_ token: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """
    }

    @Test func givenATokenWhenSyncingThenChangedCardsComeWithEtagsAndDeletedOnesAs404() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let initial = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath, body: Self.syncCollection(""))
            #expect(initial.status.code == 207)
            #expect(initial.text.contains("<D:href>\(DAVFixture.path(DAVFixture.card))</D:href>"))
            #expect(initial.text.contains("<D:getetag>&quot;"))
            #expect(initial.text.contains("<D:sync-token>http://pm-server/ns/sync/1</D:sync-token>"))

            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other), body: DAVFixture.todo(DAVFixture.other))
            _ = try await fixture.send(client, "DELETE", DAVFixture.path(DAVFixture.card))
            let changes = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath, body: Self.syncCollection("http://pm-server/ns/sync/1"))
            #expect(
                changes.text.contains(
                    "<D:response><D:href>\(DAVFixture.path(DAVFixture.card))</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"
                ))
            #expect(changes.text.contains("<D:href>\(DAVFixture.path(DAVFixture.other))</D:href><D:propstat>"))
            #expect(changes.text.contains("<D:sync-token>http://pm-server/ns/sync/3</D:sync-token>"))

            let none = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath, body: Self.syncCollection("http://pm-server/ns/sync/3"))
            #expect(!none.text.contains("<D:response>"))
        }
    }

    @Test func givenAnUnknownSyncTokenThen403ValidSyncToken() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            for token in ["http://pm-server/ns/sync/99", "http://radicale.org/ns/sync/abc", "garbage"] {
                let response = try await fixture.send(
                    client, "REPORT", DAVFixture.calendarPath, body: Self.syncCollection(token))
                #expect(response.status == .forbidden)
                #expect(response.text.contains("<D:valid-sync-token/>"))
            }
        }
    }

    @Test func givenOpenAndDoneTasksWhenQueryingForUncompletedThenOnlyOpenOnesComeWithTheirData() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other),
                body: DAVFixture.todo(DAVFixture.other, summary: "Done already", status: "COMPLETED"))
            let query = """
                <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                <d:prop><d:getetag/><c:calendar-data/></d:prop>
                <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
                <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
                <c:prop-filter name="STATUS"><c:text-match negate-condition="yes">CANCELLED</c:text-match></c:prop-filter>
                </c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
                """
            let response = try await fixture.send(client, "REPORT", DAVFixture.calendarPath, body: query)
            #expect(response.status.code == 207)
            #expect(response.text.contains("SUMMARY:Write spec"))
            #expect(!response.text.contains("Done already"))
            let events = query.replacingOccurrences(of: "name=\"VTODO\"", with: "name=\"VEVENT\"")
            let none = try await fixture.send(client, "REPORT", DAVFixture.calendarPath, body: events)
            #expect(!none.text.contains("<D:response>"))
        }
    }

    @Test func givenHrefsWhenMultigetThenEachKnownCardComesAndAnUnknownOneIs404() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let multiget = """
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                <d:prop><d:getetag/><c:calendar-data/></d:prop>
                <d:href>\(DAVFixture.path(DAVFixture.card))</d:href><d:href>\(DAVFixture.path(DAVFixture.other))</d:href>
                </c:calendar-multiget>
                """
            let response = try await fixture.send(client, "REPORT", DAVFixture.calendarPath, body: multiget)
            #expect(response.text.contains("UID:\(DAVFixture.card.uuidString.lowercased())"))
            #expect(
                response.text.contains(
                    "<D:href>\(DAVFixture.path(DAVFixture.other))</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"))
        }
    }
}
