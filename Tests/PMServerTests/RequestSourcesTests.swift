import PMServer
import Testing

/// The rules of ``RequestSources``: which `Host` names are answered, and which client address a
/// request counts as.
@Suite struct RequestSourcesTests {
    let sources = RequestSources(allowedHosts: ["pm.example.org"], trustedProxies: ["127.0.0.1", "10.0.0.2"])

    @Test(arguments: ["pm.example.org", "PM.EXAMPLE.ORG:8443", "localhost:80", "127.0.0.1", "[::1]:8080"])
    func givenAnAllowedOrLoopbackHostThenItIsAdmitted(_ host: String) {
        #expect(sources.admits(authority: host))
    }

    @Test(arguments: [
        "evil.example", "pm.example.org.evil.example", "[pm.example.org", ":8080", "", "127.0.0.2", "pm.example",
    ])
    func givenAnyOtherHostThenItIsRefused(_ host: String) {
        #expect(!sources.admits(authority: host))
    }

    @Test func givenNoHostThenOnlyAServerWithoutAnAllowListAnswers() {
        #expect(!sources.admits(authority: nil))
        #expect(RequestSources.default.admits(authority: nil))
        #expect(RequestSources.default.admits(authority: "anything.example"))
    }

    @Test func givenAPeerThatIsNoProxyThenItIsTheClientWhateverItForwards() {
        #expect(sources.clientAddress(peer: "192.0.2.9", forwardedFor: "10.9.9.9") == "192.0.2.9")
        #expect(!sources.trusts(peer: "192.0.2.9"))
        #expect(!sources.trusts(peer: nil))
    }

    @Test func givenTrustedProxiesThenTheClientIsTheNearestForwardedAddressThatIsNoProxy() {
        // A client's own claim stands left of what the proxies appended; proxies in a chain are skipped
        #expect(sources.clientAddress(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.5") == "203.0.113.5")
        #expect(sources.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.5, 10.0.0.2") == "203.0.113.5")
        #expect(sources.clientAddress(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
        #expect(sources.clientAddress(peer: "127.0.0.1", forwardedFor: " , 10.0.0.2") == "127.0.0.1")
    }
}
