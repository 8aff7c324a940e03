import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct DiscoveryTests {
    @Test func wellKnownCalDAVIsAPermanentRedirectToTheDAVRoot() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            for method in ["GET", "PROPFIND"] {
                let response = try await fixture.send(client, method, "/.well-known/caldav", authorized: false)
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/dav/")
            }
        }
    }

    @Test func givenNoCredentialsWhenPropfindThenA401ChallengesForBasic() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let anonymous = try await fixture.send(client, "PROPFIND", "/dav/", authorized: false)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true)
            let wrong = try await fixture.send(
                client, "PROPFIND", "/dav/", headers: ["Authorization": DAVFixture.basic("ada", "pm_wrong-secret-xx")],
                authorized: false)
            #expect(wrong.status == .unauthorized)
            // Another user's token is no password for ada.
            let bobs = try await fixture.send(
                client, "PROPFIND", "/dav/",
                headers: ["Authorization": DAVFixture.basic("ada", fixture.team.bob.description)],
                authorized: false)
            #expect(bobs.status == .unauthorized)
            let bearer = try await fixture.send(
                client, "PROPFIND", "/dav/", headers: ["Authorization": "Bearer \(fixture.ada)", "Depth": "0"],
                authorized: false)
            #expect(bearer.status.code == 207)
        }
    }

    @Test func optionsAnnouncesCalendarAccessEvenBeforeSignIn() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let response = try await fixture.send(client, "OPTIONS", DAVFixture.calendarPath, authorized: false)
            #expect(response.status == .ok)
            #expect(response.headers[HTTPField.Name("DAV")!] == "1, 3, calendar-access")
            #expect(response.headers[.allow]?.contains("REPORT") == true)
        }
    }

    @Test func givenTheBareServerURLWhenDiscoveringThenPrincipalHomeAndTheBoardCalendarAreFound() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let propfind = """
                <?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>
                """
            let root = try await fixture.send(client, "PROPFIND", "/", headers: ["Depth": "0"], body: propfind)
            #expect(root.status.code == 207)
            #expect(root.text.contains("<D:current-user-principal><D:href>/dav/principals/ada/</D:href>"))

            let principal = try await fixture.send(
                client, "PROPFIND", "/dav/principals/ada/", headers: ["Depth": "0"],
                body: """
                    <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/></d:prop></d:propfind>
                    """)
            #expect(principal.text.contains("<C:calendar-home-set><D:href>/dav/calendars/ada/</D:href>"))

            let home = try await fixture.send(client, "PROPFIND", "/dav/calendars/ada/", headers: ["Depth": "1"])
            #expect(home.status.code == 207)
            // The home is a plain collection; the board is a calendar of VTODOs with a ctag and a token.
            #expect(home.text.contains("<D:href>/dav/calendars/ada/</D:href><D:propstat><D:prop>"))
            #expect(home.text.contains("<D:href>/dav/calendars/ada/team/</D:href>"))
            #expect(home.text.contains("<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>"))
            #expect(home.text.contains("<C:supported-calendar-component-set><C:comp name=\"VTODO\"/>"))
            #expect(home.text.contains("<CS:getctag>http://pm-server/ns/sync/0</CS:getctag>"))
            #expect(home.text.contains("<D:sync-token>http://pm-server/ns/sync/0</D:sync-token>"))
            #expect(home.text.contains("<D:displayname>team</D:displayname>"))
            #expect(home.text.contains("<C:calendar-multiget/>"))
            #expect(home.text.contains("<D:write-content/>"))
            #expect(home.text.components(separatedBy: "<C:calendar/>").count == 2)
        }
    }

    @Test func aPropertyTheServerDoesNotHaveIsListedAsNotFound() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.application.test(.router) { client in
            let response = try await fixture.send(
                client, "PROPFIND", DAVFixture.calendarPath, headers: ["Depth": "0"],
                body: """
                    <d:propfind xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/"><d:prop><d:displayname/><a:calendar-color/></d:prop></d:propfind>
                    """)
            #expect(response.text.contains("<D:displayname>team</D:displayname>"))
            #expect(response.text.contains("<X:calendar-color xmlns:X=\"http://apple.com/ns/ical/\"/>"))
            #expect(response.text.contains("HTTP/1.1 404 Not Found"))
        }
    }

    @Test func aBoardOrUserNotOneselfIsNotFound() async throws {
        let fixture = try await DAVFixture.make()
        try await fixture.repository.addBoard("secret", members: ["bob"])
        try await fixture.application.test(.router) { client in
            let board = try await fixture.send(
                client, "PROPFIND", "/dav/calendars/ada/secret/", headers: ["Depth": "0"])
            #expect(board.status == .notFound)
            let user = try await fixture.send(client, "PROPFIND", "/dav/calendars/bob/", headers: ["Depth": "0"])
            #expect(user.status == .notFound)
        }
    }
}
