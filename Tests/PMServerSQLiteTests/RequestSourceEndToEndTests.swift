import Foundation
import PMTestSupport
import Testing

/// What a real `pm-server` believes about where a request came from: the `Host` it names (a
/// page on another name that resolves to the server, DNS rebinding, is refused once
/// `--public-url` names the server), and the forwarding headers only a trusted proxy may set.
@Suite(.serialized, .timeLimit(.minutes(3))) struct RequestSourceEndToEndTests {
    static func health(host: String) -> LoopbackRequest {
        LoopbackRequest("GET", "/health", headers: [("Host", host)])
    }

    static func wrongSignIn(forwardedFor: String? = nil) -> LoopbackRequest {
        var request = SignInServer.form(user: "ada", secret: "not her password")
        if let forwardedFor { request.headers.append(("X-Forwarded-For", forwardedFor)) }
        return request
    }

    @Test func givenAPublicURLThenARequestNamingAnotherHostIsRefused421() async throws {
        // Given a server people reach as pm.example.org, and as team.lan too
        let server = try await SignInServer.start(options: [
            "--public-url", "https://pm.example.org", "--allowed-hosts", "team.lan",
        ])
        defer { server.stop() }
        // When a page on another name that resolves to it asks, on the API and the sign-in form
        let rebound = try server.send(Self.health(host: "evil.example:\(server.port)"), from: "127.0.0.2")
        var form = SignInServer.form(user: "ada", secret: "correct horse")
        form.headers.append(("Host", "evil.example"))
        let signIn = try server.send(form, from: "127.0.0.2")
        // Then both are refused, naming the rule, and no session is made
        #expect(rebound.status == 421)
        #expect(rebound.body.contains("hostNotServed"))
        #expect(signIn.status == 421)
        #expect(signIn.headers["set-cookie"] == nil)
        // And its own names (any case, any port) and loopback are answered
        for host in ["pm.example.org", "PM.Example.org:443", "team.lan:\(server.port)", "localhost", "[::1]:1"] {
            #expect(try server.send(Self.health(host: host), from: "127.0.0.2").status == 200, "\(host)")
        }
    }

    @Test func givenNoPublicURLThenAnyHostIsAnswered() async throws {
        let server = try await SignInServer.start()
        defer { server.stop() }
        #expect(try server.send(Self.health(host: "evil.example"), from: "127.0.0.2").status == 200)
    }

    @Test func givenForwardedForFromAClientThatIsNoProxyThenItsWrongSignInsCountAgainstItsOwnAddress() async throws {
        // Given a server whose limit is three wrong sign-ins per address and user
        let server = try await SignInServer.start(limit: 3)
        defer { server.stop() }
        // When a client that is no proxy claims a new address with each wrong password
        for guess in 1...3 {
            let answer = try server.send(Self.wrongSignIn(forwardedFor: "10.0.0.\(guess)"), from: "127.0.0.2")
            #expect(answer.status == 401)
        }
        // Then its fourth is refused unchecked all the same
        let refused = try server.send(Self.wrongSignIn(forwardedFor: "10.0.0.9"), from: "127.0.0.2")
        #expect(refused.status == 429)
    }

    @Test func givenATrustedProxyThenEachClientBehindItHasItsOwnCount() async throws {
        // Given a server behind a proxy on loopback (trusted by default)
        let server = try await SignInServer.start(limit: 3)
        defer { server.stop() }
        // When one client behind it gets ada's password wrong three times
        for _ in 1...3 {
            #expect(try server.send(Self.wrongSignIn(forwardedFor: "203.0.113.5"), from: "127.0.0.1").status == 401)
        }
        // Then that client is refused, and another behind the same proxy is still checked
        #expect(try server.send(Self.wrongSignIn(forwardedFor: "203.0.113.5"), from: "127.0.0.1").status == 429)
        #expect(try server.send(Self.wrongSignIn(forwardedFor: "198.51.100.7"), from: "127.0.0.1").status == 401)
        // And an address a client wrote to the left of the proxy's own entry is not believed
        let spoofed = try server.send(Self.wrongSignIn(forwardedFor: "192.0.2.1, 203.0.113.5"), from: "127.0.0.1")
        #expect(spoofed.status == 429)
    }

    @Test func givenNoTrustedProxyThenForwardedForFromLoopbackIsIgnoredToo() async throws {
        let server = try await SignInServer.start(limit: 3, options: ["--trusted-proxies", "none"])
        defer { server.stop() }
        for guess in 1...3 {
            #expect(try server.send(Self.wrongSignIn(forwardedFor: "10.0.1.\(guess)"), from: "127.0.0.1").status == 401)
        }
        #expect(try server.send(Self.wrongSignIn(forwardedFor: "10.0.1.9"), from: "127.0.0.1").status == 429)
    }

    @Test func givenForwardedProtoHTTPSThenOnlyATrustedProxyMakesTheSessionCookieSecure() async throws {
        let server = try await SignInServer.start()
        defer { server.stop() }
        var form = SignInServer.form(user: "ada", secret: "correct horse")
        form.headers.append(("X-Forwarded-Proto", "https"))
        // When the proxy on loopback says the browser used https, the cookie is Secure
        let proxied = try server.send(form, from: "127.0.0.1")
        #expect(proxied.status == 303)
        #expect(proxied.headers["set-cookie"]?.contains("Secure") == true)
        // And when any other client says so over plain http, it is not
        let claimed = try server.send(form, from: "127.0.0.2")
        #expect(claimed.status == 303)
        #expect(claimed.headers["set-cookie"]?.contains("Secure") == false)
    }
}
