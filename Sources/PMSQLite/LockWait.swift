public import GRDB

/// How every connection to a database file meets a lock another process holds on it: it waits
/// up to ten seconds, then fails with SQLITE_BUSY, which the messages name ("kept it locked for
/// more than 10 s"). GRDB's default is to fail at once, which a read-only connection opened to
/// check a file met whenever another process was closing or writing it.
public enum LockWait {
    public static let seconds: Double = 10

    /// A connection's configuration that waits ``seconds`` for a lock, read-only when asked.
    public static func configuration(readonly: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(seconds)
        configuration.readonly = readonly
        return configuration
    }
}
