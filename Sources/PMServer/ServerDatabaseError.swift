/// A database `pm-server` will not use, left as it is: a file that is not there (a mistyped
/// `--database` must not become a new empty server), one that is not a `pm-server` database,
/// and one whose schema a newer `pm-server` wrote.
public struct ServerDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missing, notServerDatabase, newerSchema, unusable
    }

    private let code: Code

    /// The message shown to the operator.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The exit status of a command refused this database (README, "Exit status"): 4 for a newer
    /// schema, which only an upgrade of `pm-server` cures; 3 for the others.
    public var exitCode: Int32 { code == .newerSchema ? 4 : 3 }

    /// No database at `path`, and the command may not make one.
    public static func missing(_ path: String) -> Self {
        Self(
            .missing,
            "no pm-server database at \(path); check --database, or make a new one there with "
                + "pm-server user add NAME --database \(path) (or pm-server serve)")
    }

    /// `location` holds something else (`why` says what).
    public static func notServerDatabase(_ location: String, _ why: String) -> Self {
        Self(.notServerDatabase, "\(location) is not a pm-server database: \(why); it was left as it is")
    }

    /// `path` cannot be made or used for a reason a person can act on (`why` says it).
    public static func unusable(_ path: String, _ why: String) -> Self {
        Self(.unusable, "cannot use the database \(path): \(why)")
    }

    /// `location`'s schema has migrations this `pm-server` does not know.
    public static func newerSchema(_ location: String, found: String, known: String, version: String) -> Self {
        Self(
            .newerSchema,
            "\(location) was written by a newer pm-server (its schema has \"\(found)\"; pm-server \(version) "
                + "knows up to \"\(known)\"); upgrade pm-server to use it. It was left as it is")
    }
}
