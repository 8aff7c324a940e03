import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import PMWeb
import Synchronization
import Testing

@Suite struct FirstRunTests {
    @Test func givenAnInvitationWhenItsLinkIsMadeThenItNamesTheWelcomePageAndTheCode() {
        let firstRun = FirstRun(
            randomBytes: Array(repeating: 0xC0, count: 16), checkPassword: { _ in }, setPassword: { _, _ in })
        #expect(
            firstRun.link(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080/welcome?code="
                + WebFixture.firstRunCode)
        #expect(firstRun.link(host: "0.0.0.0", port: 80).hasPrefix("http://127.0.0.1:80/welcome?code="))
        #expect(firstRun.link(host: "::1", port: 8080).hasPrefix("http://[::1]:8080/welcome?code="))
    }

    @Test func givenNoUserWhenTheLinkIsOpenedAndFilledThenTheUserAndBoardAreMadeAndOpened() async throws {
        let fixture = try await EmptyWebFixture.make()
        try await fixture.application().test(.router) { client in
            let page = try await client.execute(uri: "/welcome?code=\(WebFixture.firstRunCode)", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy] != nil)
            #expect(page.text.contains(#"<form class="signin" method="post" action="/welcome">"#))
            let created = try await client.execute(
                uri: "/welcome", method: .post, headers: WebFixture.form,
                body: WebFixture.body([
                    "code": WebFixture.firstRunCode, "user": "ada", "password": "correct horse", "board": "team",
                ]))
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/boards/team")
            let cookie = try #require(created.headers[.setCookie]?.split(separator: ";").first)
            #expect(await fixture.repository.isMember(board: "team", user: "ada"))
            #expect(fixture.storedPasswords() == ["ada": "correct horse"])
            let session = try await client.execute(
                uri: "/v1/session", method: .get, headers: [.cookie: String(cookie)])
            #expect(session.text == #"{"boards":["team"],"user":"ada"}"#)
            // Then the link works no more
            let again = try await client.execute(uri: "/welcome?code=\(WebFixture.firstRunCode)", method: .get)
            #expect(again.status == .notFound)
            #expect(again.text.contains("This link no longer works"))
        }
    }

    @Test(arguments: [
        ("ada", "short", "team", "a password must have 8 to 1000 characters"),
        ("a d a", "correct horse", "team", "1–64 characters"),
        ("ada", "correct horse", "", "1–64 characters"),
    ])
    func givenABrokenRuleWhenTheWelcomeFormIsSentThenNothingIsMadeAndTheLinkStaysOpen(
        _ user: String, _ password: String, _ board: String, _ message: String
    ) async throws {
        let fixture = try await EmptyWebFixture.make()
        try await fixture.application().test(.router) { client in
            let refused = try await client.execute(
                uri: "/welcome", method: .post, headers: WebFixture.form,
                body: WebFixture.body([
                    "code": WebFixture.firstRunCode, "user": user, "password": password, "board": board,
                ]))
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(message))
            #expect(refused.headers[.setCookie] == nil)
            #expect(await fixture.repository.hasUsers() == false)
            let page = try await client.execute(uri: "/welcome?code=\(WebFixture.firstRunCode)", method: .get)
            #expect(page.status == .ok)
        }
    }

    @Test(arguments: [nil, "c0c0", String(repeating: "c1", count: 16)])
    func givenAWrongCodeWhenTheWelcomePageIsOpenedOrSentThenItIsClosed(_ code: String?) async throws {
        let fixture = try await EmptyWebFixture.make()
        try await fixture.application().test(.router) { client in
            let uri = code.map { "/welcome?code=\($0)" } ?? "/welcome"
            #expect(try await client.execute(uri: uri, method: .get).status == .notFound)
            let sent = try await client.execute(
                uri: "/welcome", method: .post, headers: WebFixture.form,
                body: WebFixture.body([
                    "code": code ?? "", "user": "ada", "password": "correct horse", "board": "team",
                ]))
            #expect(sent.status == .notFound)
            #expect(await fixture.repository.hasUsers() == false)
        }
    }

    @Test func givenAUserAlreadyWhenTheRightCodeIsUsedThenTheWelcomePageIsClosed() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application(firstRun: true).test(.router) { client in
            let page = try await client.execute(uri: "/welcome?code=\(WebFixture.firstRunCode)", method: .get)
            #expect(page.status == .notFound)
        }
    }
}

/// The web board over a server with no user at all, with the first-run invitation.
struct EmptyWebFixture {
    let fixture: WebFixture
    let repository = InMemorySyncRepository()

    static func make() async throws -> EmptyWebFixture {
        EmptyWebFixture(fixture: try await WebFixture.make())
    }

    func storedPasswords() -> [String: String] { fixture.passwords.withLock { $0 } }

    func application() -> some ApplicationProtocol {
        Application(
            router: buildRouter(
                repository: repository, additions: fixture.web(firstRun: true, on: repository).additions,
                clockSkew: .acceptingEveryWallTime))
    }
}
