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
