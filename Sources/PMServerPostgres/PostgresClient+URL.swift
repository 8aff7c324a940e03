import Foundation
public import PostgresNIO

/// A PostgreSQL URL in libpq's form, `postgres://USER:PASS@HOST:PORT[,HOST:PORT…]/DB` (or
/// `postgresql://`), with `?sslmode=disable|prefer|require` (TLS is preferred when left out) and
/// `?target_session_attrs=read-write|primary|any`. Several hosts name one cluster's nodes: the
/// server works on whichever of them accepts writes. Foundation's `URLComponents` refuses a list
/// of hosts, so the URL is read here, by libpq's rules.
public struct PostgresURL: Sendable, Equatable {
    /// A host and its port.
    public struct Host: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var port: Int

        /// `name` at `port`.
        public init(name: String, port: Int) {
            self.name = name
            self.port = port
        }

        public var description: String { name.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)" }
    }

    /// The nodes, in the URL's order, which is the order they are tried in.
    public var hosts: [Host]
    public var username: String
    public var password: String?
    public var database: String?
    /// The `sslmode`: `disable`, `prefer` or `require`.
    public var sslMode: String

    /// The usage of ``PostgresURL``, said in each refusal.
    static let form = "postgres://USER:PASS@HOST:PORT[,HOST:PORT…]/DB"

    /// Reads `url`, throwing a ``PostgresURLError`` that names the rule it breaks.
    public init(_ url: String) throws {
        func refuse(_ rule: String) -> PostgresURLError { PostgresURLError(url: url, rule: rule) }
        guard let schemeEnd = url.range(of: "://"), ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound])
        else { throw refuse("it must begin with postgres:// or postgresql://") }
        var rest = url[schemeEnd.upperBound...]
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        // The password may hold an @ only percent-encoded, as in libpq; the last @ ends the user part.
        guard let at = rest.lastIndex(of: "@") else { throw refuse("it must name a user: USER@HOST") }
        let user = rest[..<at]
        let (name, secret) =
            user.firstIndex(of: ":").map { (user[..<$0], Optional(user[user.index(after: $0)...])) } ?? (user, nil)
        guard let username = name.removingPercentEncoding, !username.isEmpty else {
            throw refuse("it must name a user: USER@HOST")
        }
        self.username = username
        password = secret.flatMap { $0.removingPercentEncoding }
        hosts = try rest[rest.index(after: at)...].split(separator: ",", omittingEmptySubsequences: false).map {
            try Self.host($0, refuse: refuse)
        }
        database = path.isEmpty ? nil : path.removingPercentEncoding
        sslMode = "prefer"
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1)
            let value = pair.count == 2 ? String(pair[1]) : ""
            switch pair.first {
            case "sslmode":
                guard ["disable", "prefer", "require"].contains(value) else {
                    throw refuse("sslmode must be disable, prefer or require")
                }
                sslMode = value
            case "target_session_attrs":
                // pm-server writes: a node that cannot is never of use to it.
                guard ["read-write", "primary", "any"].contains(value) else {
                    throw refuse("target_session_attrs must be read-write, primary or any: pm-server writes")
                }
            default:
                continue
            }
        }
    }

    private static func host(_ text: Substring, refuse: (String) -> PostgresURLError) throws -> Host {
        var name = text
        var port = Substring("")
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw refuse("an IPv6 host must end with ]") }
            name = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(after: close)...]
            if !port.isEmpty {
                guard port.hasPrefix(":") else { throw refuse("after an IPv6 host's ] comes :PORT, a comma or /") }
                port = port.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !name.isEmpty else { throw refuse("each host of the comma-separated list must be named") }
        guard port.isEmpty || (Int(port).map { (1...65535).contains($0) } ?? false) else {
            throw refuse("a port must be a number from 1 to 65535, got \"\(port)\"")
        }
        return Host(name: String(name), port: port.isEmpty ? 5432 : Int(port)!)
    }

    /// The client configuration for one of the hosts.
    public func configuration(for host: Host) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host.name, port: host.port, username: username, password: password, database: database,
            tls: .prefer(.makeClientConfiguration()))
        switch sslMode {
        case "disable": configuration.tls = .disable
        case "require": configuration.tls = .require(.makeClientConfiguration())
        default: break
        }
        return configuration
    }

    /// The URL as logged: its password hidden.
    public var redacted: String {
        let user = username + (password == nil ? "" : ":***")
        return "postgres://\(user)@\(hosts.map(\.description).joined(separator: ","))/\(database ?? "")"
    }
}

extension PostgresClient.Configuration {
    /// A configuration read from a URL of one host (see ``PostgresURL``); a list of hosts is
    /// refused, since a single client cannot follow a cluster's primary (``PostgresPrimary`` does).
    public init(url: String) throws {
        let parsed = try PostgresURL(url)
        guard parsed.hosts.count == 1 else {
            throw PostgresURLError(url: url, rule: "a single client takes one host")
        }
        self = parsed.configuration(for: parsed.hosts[0])
    }
}

extension PostgresSyncRepository {
    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Throws a ``PostgresURLError`` unless `url` is a usable PostgreSQL URL.
    public static func validate(url: String) throws {
        _ = try PostgresURL(url)
    }
}

/// A database URL that is not `postgres://USER[:PASS]@HOST[:PORT][,HOST[:PORT]…]/DB`.
public struct PostgresURLError: Error, CustomStringConvertible {
    /// The rule broken and the URL, with any password hidden.
    public let description: String

    init(url: String, rule: String) {
        let shown = url.replacingOccurrences(of: #":[^:@/]*@"#, with: ":***@", options: .regularExpression)
        description = "not a PostgreSQL URL (\(PostgresURL.form)): \(rule): \(shown)"
    }
}
