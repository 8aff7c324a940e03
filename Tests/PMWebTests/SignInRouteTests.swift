import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import PMWeb
import Testing

@Suite struct SignInRouteTests {
    @Test func givenNoSessionWhenTheRootIsOpenedThenTheSignInPageIsSentWithTheStrictPolicy() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/?next=/boards/team", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(
                response.headers[.contentSecurityPolicy]
                    == "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                    + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; "
                    + "frame-ancestors 'none'")
            #expect(response.text.contains(#"<form class="signin" method="post" action="/signin">"#))
            #expect(response.text.contains(#"name="next" value="/boards/team""#))
            #expect(!response.text.contains("<script"))
            #expect(!response.text.contains("style="))
        }
    }

    @Test func givenAGoodTokenWhenSigningInThenASessionCookieIsSetAndTheBrowserGoesOn() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)", "next": "/boards/team"]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/boards/team")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("pm_session=" + String(repeating: "01", count: 32)))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Path=/"))
            #expect(cookie.contains("Max-Age=2592000"))
            #expect(!cookie.contains("Secure"))
            // And the session is kept only as its hash
            #expect(await fixture.repository.session(hash: Array(repeating: 0x01, count: 32)) == nil)
        }
    }

    @Test func givenHTTPSBehindAProxyWhenSigningInThenTheCookieIsSecure() async throws {
        // Given a real connection from loopback, where the proxies of deploy/ are (trusted by default)
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.live) { client in
            var headers = WebFixture.form
            headers[.xForwardedProto] = "https"
            headers[.origin] = nil
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: headers,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)"]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            #expect(response.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test(arguments: [
        ("ada", "pm_wrong000000000000000000000000000000000000"), ("ada", ""), ("bob", "ada's token"),
        ("eve", "whatever"),
    ])
    func givenABadSecretWhenSigningInThen401WithTheFormAndAMessage(_ user: String, _ secret: String) async throws {
        let fixture = try await WebFixture.make()
        let secret = secret == "ada's token" ? "\(fixture.team.ada)" : secret
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": user, "secret": secret]))
            #expect(response.status == .unauthorized)
            #expect(response.headers[.setCookie] == nil)
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(response.text.contains("Wrong user name, password or token."))
            #expect(response.text.contains(#"value="\#(user)""#))
        }
    }

    @Test(arguments: ["https://evil.example", "//evil.example", "/\\evil.example", "boards/team"])
    func givenANextElsewhereWhenSigningInThenTheBrowserGoesHomeInstead(_ next: String) async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)", "next": next]))
            #expect(response.headers[.location] == "/")
        }
    }

    @Test func givenAFormFromAnotherSiteWhenSigningInThenItIsRefused() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            var headers = WebFixture.form
            headers[.origin] = "https://evil.example"
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: headers,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)"]))
            #expect(response.status == .forbidden)
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test func givenFiveFailuresWithinAMinuteWhenSigningInAgainThen429UntilTheMinuteIsOver() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            for _ in 1...5 {
                let failed = try await client.execute(
                    uri: "/signin", method: .post, headers: WebFixture.form,
                    body: WebFixture.body(["user": "ada", "secret": "wrong secret"]))
                #expect(failed.status == .unauthorized)
                fixture.advance(by: 10)
            }
            // Then even the right token is refused, with how long to wait
            let limited = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)"]))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "10")
            #expect(limited.text.contains("Too many failed sign-ins for this user from this address."))
            #expect(limited.text.contains("Try again in 10 seconds."))
            // When the first failure is a minute old, the right token works again
            fixture.advance(by: 10)
            let signedIn = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)"]))
            #expect(signedIn.status == .seeOther)
        }
    }

    @Test func givenASessionWhenTheRootIsOpenedThenTheUsersBoardsAreListedWithSignOut() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.repository.addBoard("한글 board", members: ["ada"])
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            let response = try await client.execute(uri: "/", method: .get, headers: cookie)
            #expect(response.status == .ok)
            #expect(response.headers[.contentSecurityPolicy] != nil)
            #expect(response.text.contains(#"<a href="/boards/team">team</a>"#))
            #expect(response.text.contains(#"<a href="/boards/%ED%95%9C%EA%B8%80%20board">한글 board</a>"#))
            #expect(response.text.contains(#"action="/signout""#))
        }
    }

    @Test func givenASessionWhenSigningOutThenTheCookieIsClearedAndTheSessionEnds() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let cookie = try await WebFixture.signIn(client, user: "ada", secret: "\(fixture.team.ada)")
            // A sign-out posted from another site is refused and ends nothing
            var foreign = cookie
            foreign[.origin] = "https://evil.example"
            let refused = try await client.execute(uri: "/signout", method: .post, headers: foreign)
            #expect(refused.status == .forbidden)
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: cookie).status == .ok)
            // From the server's own page it works
            let response = try await client.execute(uri: "/signout", method: .post, headers: cookie)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cleared = try #require(response.headers[.setCookie])
            #expect(cleared.hasPrefix("pm_session=;"))
            #expect(cleared.contains("Max-Age=0"))
            #expect(try await client.execute(uri: "/v1/session", method: .get, headers: cookie).status == .unauthorized)
        }
    }
}

extension SignInRouteTests {
    @Test func givenFiveFailuresFromOneAddressForOthersWhenAdaSignsInFromItThenSheIsIn() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            for guess in 1...5 {
                _ = try await client.execute(
                    uri: "/signin", method: .post, headers: WebFixture.form,
                    body: WebFixture.body(["user": "guess\(guess)", "secret": "wrong secret"]))
            }
            let signedIn = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: WebFixture.body(["user": "ada", "secret": "\(fixture.team.ada)"]))
            #expect(signedIn.status == .seeOther)
        }
    }
}

extension SignInRouteTests {
    @Test func givenAFormWithRepeatedAndUnknownFieldsWhenSigningInThenTheFirstValuesCountAndTheRestIsIgnored()
        async throws
    {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let odd = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: ByteBuffer(string: "x=1&x=2&%ZZ=3&user=ada&secret=wrong+secret&user=bob"))
            #expect(odd.status == .unauthorized)
            #expect(odd.text.contains(#"value="ada""#))
            let good = try await client.execute(
                uri: "/signin", method: .post, headers: WebFixture.form,
                body: ByteBuffer(string: "x=1&x=2&user=ada&secret=\(fixture.team.ada)&secret=nothing"))
            #expect(good.status == .seeOther)
        }
    }
}
