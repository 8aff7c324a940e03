import Testing

@testable import PMSyncClient

@Suite struct BoardEndpointTests {
    @Test func aTrailingSlashAndAPathPrefixAreKept() {
        let plain = BoardEndpoint(serverURL: "http://127.0.0.1:8080", board: "team")
        let slashed = BoardEndpoint(serverURL: "http://127.0.0.1:8080/", board: "team")
        let prefixed = BoardEndpoint(serverURL: "https://example.com/pm/", board: "team")

        #expect(plain == slashed)
        #expect(plain.operations == "http://127.0.0.1:8080/v1/boards/team/operations")
        #expect(prefixed.projects == "https://example.com/pm/v1/boards/team/projects")
        #expect(
            prefixed.operations(after: 7, limit: 50)
                == "https://example.com/pm/v1/boards/team/operations?after=7&limit=50")
    }

    @Test func theLiveAddressUsesTheWebSocketSchemeOfTheServers() {
        #expect(BoardEndpoint(serverURL: "http://h:1", board: "b").live == "ws://h:1/v1/boards/b/live")
        #expect(BoardEndpoint(serverURL: "HTTPS://h/p", board: "b").live == "wss://h/p/v1/boards/b/live")
    }

    @Test func anAddressHostIsToldFromANameForTheLiveConnectionsTLS() {
        // wss:// to an address must not name it in SNI; a name is named as it is
        #expect(BoardEndpoint(serverURL: "https://192.168.1.20:8080", board: "b").addressHost == "192.168.1.20")
        #expect(BoardEndpoint(serverURL: "https://[::1]:8080", board: "b").addressHost == "::1")
        #expect(BoardEndpoint(serverURL: "https://pm.local:8080", board: "b").addressHost == nil)
        #expect(BoardEndpoint(serverURL: "https://pm.local", board: "b").isSecure)
        #expect(!BoardEndpoint(serverURL: "http://192.168.1.20", board: "b").isSecure)
        #expect(BoardEndpoint(serverURL: "https://pm.local:8080/p", board: "b").host == "pm.local")
    }

    @Test func aBoardNameCannotAddPathSegmentsOrAQuery() {
        let endpoint = BoardEndpoint(serverURL: "http://h", board: "a/b?c#d é")

        #expect(endpoint.board == "http://h/v1/boards/a%2Fb%3Fc%23d%20%C3%A9")
    }

    @Test func aServerWithoutSchemeIsTakenAsHTTP() {
        #expect(BoardEndpoint(serverURL: "h:8080", board: "b").board == "http://h:8080/v1/boards/b")
    }
}
