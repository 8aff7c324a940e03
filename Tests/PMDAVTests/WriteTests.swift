import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct WriteTests {
    @Test func givenANewTaskWhenPutThenTheCardIsCreatedAndServedWithTheClientsOwnProperties() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let put = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), headers: ["If-None-Match": "*"],
                body: DAVFixture.todo(extra: ["PRIORITY:1", "CATEGORIES:work,urgent", "X-APPLE-SORT-ORDER:7"]))
            #expect(put.status == .created)
            let cards = try await fixture.cards()
            #expect(cards.map(\.title) == ["Write spec"])
            #expect(cards.first?.deadline.description == "2026-12-01")
            #expect(cards.first?.status == .todo)

            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            #expect(get.status == .ok)
            #expect(get.headers[.eTag]?.hasPrefix("\"") == true)
            #expect(get.text.contains("PRIORITY:1\r\n"))
            #expect(get.text.contains("CATEGORIES:work,urgent\r\n"))
            #expect(get.text.contains("X-APPLE-SORT-ORDER:7\r\n"))
            #expect(get.text.contains("STATUS:NEEDS-ACTION\r\n"))
        }
    }

    @Test func givenTheServedTextSentBackUnchangedWhenPutThenItsETagIsAnsweredAndNothingIsPushed() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            let etag = try #require(get.headers[.eTag])
            let head = try await fixture.head()
            let put = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), headers: ["If-Match": etag], body: get.text)
            #expect(put.status == .noContent)
            #expect(put.headers[.eTag] == etag)
            #expect(try await fixture.head() == head)
        }
    }

    @Test func givenADeadlineChangedOnTheBoardWhenTheClientRenamesThenOnlyTheTitleIsWritten() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            // The client renames without If-Match (as tasks.org does), still saying the old deadline…
            let rename = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo(summary: "Write the spec"))
            #expect(rename.status == .noContent)
            let page = try await fixture.repository.operations(board: "team", after: 0, limit: 10)
            #expect(page.operations.count == 2)
            #expect(page.operations.last?.operation.fields == ProjectFields(title: "Write the spec"))
            // …stamped by the server for ada's CalDAV device, after the card's clocks.
            let first = try #require(page.operations.first?.operation.timestamp)
            let second = try #require(page.operations.last?.operation.timestamp)
            #expect(second > first)
            #expect(second.device == first.device)
        }
    }

    @Test func givenAStaleIfMatchAfterABoardEditWhenPutThen412AndTheBoardEditStays() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let before = try #require(
                try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card)).headers[.eTag])
            // A pm device renames the card meanwhile.
            let edit = ProjectOperation(
                id: UUID(), projectID: DAVFixture.card,
                timestamp: HybridTimestamp(
                    wallTime: fixture.world.environment.wallTime + 5, counter: 0, device: UUID()),
                fields: ProjectFields(title: "Renamed on the board"))
            _ = try await fixture.repository.push(board: "team", operations: [edit])
            let head = try await fixture.head()
            let stale = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), headers: ["If-Match": before],
                body: DAVFixture.todo(summary: "Renamed on the phone"))
            #expect(stale.status == .preconditionFailed)
            #expect(try await fixture.head() == head)
            #expect(try await fixture.cards().map(\.title) == ["Renamed on the board"])
            let delete = try await fixture.send(
                client, "DELETE", DAVFixture.path(DAVFixture.card), headers: ["If-Match": before])
            #expect(delete.status == .preconditionFailed)
            let create = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), headers: ["If-None-Match": "*"],
                body: DAVFixture.todo())
            #expect(create.status == .preconditionFailed)
            #expect(try await fixture.head() == head)
        }
    }

    @Test func givenACardWhenASecondResourceCarriesItsUIDThen409() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let second = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other), body: DAVFixture.todo(DAVFixture.card))
            #expect(second.status == .conflict)
            #expect(second.text.contains("<C:no-uid-conflict><D:href>\(DAVFixture.path(DAVFixture.card))</D:href>"))
            #expect(try await fixture.head() == 1)
        }
    }

    @Test func givenADoingCardWhenAClientWithoutInProcessTicksItThenItIsDoneAndWhenItRenamesItStaysDoing()
        async throws
    {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo(status: "IN-PROCESS"))
            #expect(try await fixture.cards().first?.status == .doing)
            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card),
                body: DAVFixture.todo(summary: "Renamed", status: "NEEDS-ACTION"))
            #expect(try await fixture.cards().first?.status == .doing)
            _ = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card),
                body: DAVFixture.todo(summary: "Renamed", status: "COMPLETED"))
            #expect(try await fixture.cards().first?.status == .done)
            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            #expect(get.text.contains("PERCENT-COMPLETE:100\r\n"))
            #expect(get.text.contains("\r\nCOMPLETED:"))
        }
    }

    @Test func givenACardWhenDeletedThenItIsGoneAndTheLiveBoardHearsOfIt() async throws {
        let fixture = try await DAVFixture.make()
        let heads = fixture.live.heads(of: "team")
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let delete = try await fixture.send(client, "DELETE", DAVFixture.path(DAVFixture.card))
            #expect(delete.status == .noContent)
            #expect(try await fixture.cards().isEmpty)
            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            #expect(get.status == .notFound)
            // Made again under the same name, the card is back.
            let again = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            #expect(again.status == .created)
            #expect(try await fixture.cards().map(\.id) == [DAVFixture.card])
        }
        var iterator = heads.makeAsyncIterator()
        #expect(await iterator.next() == 3)
    }
}

@Suite struct ForeignUIDTests {
    @Test func givenAUIDThatIsNoUUIDWhenPutUnderAUUIDNameThenItIsKeptAndASecondResourceWithItIs409() async throws {
        let fixture = try await DAVFixture.make()
        let todoman = DAVFixture.todo().replacingOccurrences(
            of: "UID:\(DAVFixture.card.uuidString.lowercased())", with: "UID:cd5053ee65964cceb60d81c8c805296c@host")
        try await fixture.application.test(.router) { client in
            let put = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: todoman)
            #expect(put.status == .created)
            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            #expect(get.text.contains("UID:cd5053ee65964cceb60d81c8c805296c@host\r\n"))
            #expect(try await fixture.cards().map(\.id) == [DAVFixture.card])
            let second = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.other), body: todoman)
            #expect(second.status == .conflict)
            #expect(try await fixture.head() == 1)
        }
    }
}

@Suite struct ClientNamedResourceTests {
    @Test func givenANameTheClientChoseWhenPutThenTheCardIsListedGotAndSyncedUnderThatName() async throws {
        let fixture = try await DAVFixture.make()
        let path = "\(DAVFixture.calendarPath)csc_simple_task1.ics"
        let body = DAVFixture.todo().replacingOccurrences(
            of: "UID:\(DAVFixture.card.uuidString.lowercased())", with: "UID:csc_simple_task1")
        try await fixture.application.test(.router) { client in
            let put = try await fixture.send(client, "PUT", path, body: body)
            #expect(put.status == .created)
            let get = try await fixture.send(client, "GET", path)
            #expect(get.status == .ok)
            #expect(get.text.contains("UID:csc_simple_task1\r\n"))
            #expect(!get.text.contains("X-PM-RESOURCE"))
            let listing = try await fixture.send(client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "1"])
            #expect(listing.text.contains("<D:href>\(path)</D:href>"))
            _ = try await fixture.send(client, "DELETE", path)
            let sync = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath,
                body: ReportTests.syncCollection("http://pm-server/ns/sync/1"))
            #expect(sync.text.contains("<D:href>\(path)</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"))
        }
    }
}

@Suite struct BoardChangeTests {
    @Test func givenAListedCardWhenTheBoardRenamesItThenTheNextListingAndGetShowTheNewTitleAndETag() async throws {
        let fixture = try await DAVFixture.make()
        let query = """
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
            <d:prop><d:getetag/><c:calendar-data/></d:prop>
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
            </c:calendar-query>
            """
        try await fixture.application.test(.router) { client in
            _ = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo())
            let before = try await fixture.send(client, "REPORT", DAVFixture.calendarPath, body: query)
            #expect(before.text.contains("SUMMARY:Write spec"))
            let etag = try #require(
                try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card)).headers[.eTag])
            let edit = ProjectOperation(
                id: UUID(), projectID: DAVFixture.card,
                timestamp: HybridTimestamp(
                    wallTime: fixture.world.environment.wallTime + 5, counter: 0, device: UUID()),
                fields: ProjectFields(title: "Renamed on the board"))
            _ = try await fixture.repository.push(board: "team", operations: [edit])
            let after = try await fixture.send(client, "REPORT", DAVFixture.calendarPath, body: query)
            #expect(after.text.contains("SUMMARY:Renamed on the board"))
            #expect(!after.text.contains(DAVXMLEscaped.etag(etag)))
            let get = try await fixture.send(client, "GET", DAVFixture.path(DAVFixture.card))
            #expect(get.text.contains("SUMMARY:Renamed on the board"))
            #expect(get.headers[.eTag] != etag)
        }
    }
}

enum DAVXMLEscaped {
    /// An ETag as a multistatus writes it.
    static func etag(_ etag: String) -> String { etag.replacingOccurrences(of: "\"", with: "&quot;") }
}
