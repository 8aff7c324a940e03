import Foundation

/// Where one board's routes live on a server given as `http[s]://host[:port][/prefix]`.
struct BoardEndpoint: Hashable, Sendable {
    /// `…/v1/boards/{board}` over HTTP(S), without a trailing slash.
    let board: String
    /// `…/v1/boards/{board}/live` over WS(S).
    let live: String

    /// Only RFC 3986's unreserved characters stay as they are, so a board name can never add a
    /// path segment, a query or a fragment (`CharacterSet.alphanumerics` would let every
    /// Unicode letter through unencoded).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    init(serverURL: String, board name: String) {
        var server = serverURL.trimmingCharacters(in: .whitespaces)
        while server.hasSuffix("/") { server.removeLast() }
        if !server.contains("://") { server = "http://" + server }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? name
        board = server + "/v1/boards/" + encoded
        live = Self.webSocketScheme(of: board) + "/live"
    }

    /// The server's host as the URL names it, for messages.
    var host: String { URLComponents(string: board)?.host ?? board }

    /// The host when it is an IPv4 or IPv6 address (without brackets), else `nil`.
    var addressHost: String? {
        var host = host
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        guard inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else { return nil }
        return host
    }

    /// Whether the server is reached over TLS (`https`, so `wss` for the live connection).
    var isSecure: Bool { board.lowercased().hasPrefix("https://") }

    /// `…/operations?after=&limit=`: one page of the pull.
    func operations(after: Int64, limit: Int) -> String {
        "\(board)/operations?after=\(after)&limit=\(limit)"
    }

    /// `…/operations`: the push.
    var operations: String { board + "/operations" }

    /// `…/projects`: the snapshot.
    var projects: String { board + "/projects" }

    /// The same address with `http` → `ws` and `https` → `wss`; any other scheme is left for
    /// the WebSocket client to refuse.
    private static func webSocketScheme(of url: String) -> String {
        for (http, webSocket) in [("https://", "wss://"), ("http://", "ws://")]
        where url.lowercased().hasPrefix(http) {
            return webSocket + url.dropFirst(http.count)
        }
        return url
    }
}
