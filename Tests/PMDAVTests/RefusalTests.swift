import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct RefusalTests {
    @Test func givenASummaryOf101CharactersWhenPutThen403NamingTheRuleAndNothingWritten() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let response = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card),
                body: DAVFixture.todo(summary: String(repeating: "a", count: 101)))
            #expect(response.status == .forbidden)
            #expect(response.text.contains("title must be 1–100 characters, got 101"))
            #expect(try await fixture.head() == 0)
        }
    }

    @Test func givenADueInThePastOrNotADateWhenCreatingThen403AndNothingWritten() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let past = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo(due: "20261120"))
            #expect(past.status == .forbidden)
            #expect(past.text.contains("deadline"))
            let notADate = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: DAVFixture.todo(due: "2026-12-01"))
            #expect(notADate.status == .forbidden)
            #expect(notADate.text.contains("DUE must be a date"))
            #expect(try await fixture.head() == 0)
        }
    }

    @Test func givenMalformedICalendarOrTwoTasksWhenPutThen400AndNothingWritten() async throws {
        let fixture = try await DAVFixture.make()
        let two = DAVFixture.todo().replacingOccurrences(
            of: "END:VTODO\r\n",
            with:
                "END:VTODO\r\nBEGIN:VTODO\r\nUID:\(DAVFixture.other.uuidString.lowercased())\r\nSUMMARY:B\r\nEND:VTODO\r\n"
        )
        try await fixture.application.test(.router) { client in
            let twoTasks = try await fixture.send(client, "PUT", DAVFixture.path(DAVFixture.card), body: two)
            #expect(twoTasks.status == .badRequest)
            #expect(twoTasks.text.hasPrefix("taskDuplicated: "))
            let garbage = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card), body: "BEGIN:VCALENDAR\r\nnot a line\r\n")
            #expect(garbage.status == .badRequest)
            let event = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.card),
                body: "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            #expect(event.status == .badRequest)
            #expect(event.text.hasPrefix("taskMissing: "))
            // A UUID-named resource may not carry another card's UUID as its UID.
            let wrongUID = try await fixture.send(
                client, "PUT", DAVFixture.path(DAVFixture.other), body: DAVFixture.todo())
            #expect(wrongUID.status == .forbidden)
            #expect(wrongUID.text.hasPrefix("uidMismatch: "))
            #expect(try await fixture.head() == 0)
        }
    }

    @Test func givenXMLWithADoctypeAnEntityDeepNestingOrTooManyBytesThenRefusedWith4xx() async throws {
        let fixture = try await DAVFixture.make()
        let entity = """
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>
            """
        let laughs = """
            <?xml version="1.0"?><!doctype lolz [<!entity lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <d:propfind xmlns:d="DAV:"><d:prop>&lol2;</d:prop></d:propfind>
            """
        let deep =
            "<d:propfind xmlns:d=\"DAV:\">" + String(repeating: "<d:prop>", count: 40)
            + String(repeating: "</d:prop>", count: 40) + "</d:propfind>"
        let large =
            "<d:propfind xmlns:d=\"DAV:\"><d:prop>" + String(repeating: "<d:displayname/>", count: 70_000)
            + "</d:prop></d:propfind>"
        try await fixture.application.test(.router) { client in
            for body in [entity, laughs] {
                let response = try await fixture.send(
                    client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "0"], body: body)
                #expect(response.status == .badRequest)
                #expect(response.text.hasPrefix("xmlDoctype: "))
                #expect(!response.text.contains("root:"))
            }
            let nested = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath, headers: ["Depth": "1"], body: deep)
            #expect(nested.status == .badRequest)
            #expect(nested.text.hasPrefix("xmlTooDeep: "))
            let oversized = try await fixture.send(
                client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "0"], body: large)
            #expect(oversized.status == .contentTooLarge)
            let broken = try await fixture.send(
                client, "REPORT", DAVFixture.calendarPath, body: "<d:sync-collection xmlns:d=\"DAV:\">")
            #expect(broken.status == .badRequest)
        }
    }

    @Test func givenAnXMLBodyThatIsNotUTF8ThenRefused415BeforeTheParserSeesIt() async throws {
        // Given the entity attack in encodings where `<!DOCTYPE` is other bytes
        let fixture = try await DAVFixture.make()
        let entity = """
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&x;</d:displayname></d:prop></d:propfind>
            """
        let utf16LittleEndian: [UInt8] = [0xFF, 0xFE] + entity.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BigEndianUnmarked: [UInt8] = entity.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf7 = Array(
            """
            <?xml version="1.0" encoding="UTF-7"?>+ADw-+ACE-DOCTYPE d +AFsAPAAh-ENTITY x SYSTEM +ACI-file:///etc/passwd+ACIAPgBd-+AD4-
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>+ACY-x;</d:displayname></d:prop></d:propfind>
            """.utf8)
        let latin1 = Array(#"<?xml version="1.0" encoding='ISO-8859-1'?><d:propfind xmlns:d="DAV:"/>"#.utf8)
        try await fixture.application.test(.router) { client in
            for (what, body) in [
                ("UTF-16LE", utf16LittleEndian), ("UTF-16BE without a mark", utf16BigEndianUnmarked),
                ("UTF-7", utf7), ("ISO-8859-1", latin1),
            ] {
                // When one is sent as a PROPFIND
                let response = try await client.execute(
                    uri: DAVFixture.calendarPath, method: HTTPRequest.Method("PROPFIND")!,
                    headers: [.authorization: fixture.adaBasic, HTTPField.Name("Depth")!: "0"],
                    body: ByteBuffer(bytes: body))

                // Then it is refused as not UTF-8, naming the rule
                #expect(response.status == .unsupportedMediaType, "\(what)")
                #expect(response.text.hasPrefix("xmlEncoding: "), "\(what): \(response.text)")
                #expect(!response.text.contains("root:"))
            }
            // While UTF-8, declared or not, with a byte-order mark or Korean text, is read
            for body in [
                #"<?xml version="1.0" encoding="UTF-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                "\u{FEFF}<d:propfind xmlns:d=\"DAV:\"><d:prop><d:displayname/></d:prop><!-- 할 일 --></d:propfind>",
            ] {
                let response = try await fixture.send(
                    client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "0"], body: body)
                #expect(response.status.code == 207, "\(response.text)")
            }
        }
    }
}
