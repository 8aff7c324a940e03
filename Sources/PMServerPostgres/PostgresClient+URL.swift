import Foundation
public import PostgresNIO

extension PostgresClient.Configuration {
    /// A configuration read from a URL, `postgres://USER:PASS@HOST:PORT/DB` (or `postgresql://`),
    /// with `?sslmode=disable|prefer|require` (TLS is preferred when left out).
    public init(url: String) throws {
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty, let username = components.user
        else { throw PostgresURLError(url: url) }
        let database = String(components.path.drop(while: { $0 == "/" }))
        self.init(
            host: host, port: components.port ?? 5432, username: username, password: components.password,
            database: database.isEmpty ? nil : database, tls: .prefer(.makeClientConfiguration()))
        switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value {
        case nil, "prefer": break
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: throw PostgresURLError(url: url)
        }
    }
}

extension PostgresSyncRepository {
    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than a file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Throws a ``PostgresURLError`` unless `url` is a usable PostgreSQL URL.
    public static func validate(url: String) throws {
        _ = try PostgresClient.Configuration(url: url)
    }
}

/// A database URL that is not `postgres://USER[:PASS]@HOST[:PORT]/DB`.
public struct PostgresURLError: Error, CustomStringConvertible {
    /// The URL, with any password hidden.
    public let description: String

    init(url: String) {
        let shown = url.replacingOccurrences(of: #":[^:@/]*@"#, with: ":***@", options: .regularExpression)
        description = "not a PostgreSQL URL (postgres://USER:PASS@HOST:PORT/DB): \(shown)"
    }
}
