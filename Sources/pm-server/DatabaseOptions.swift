import ArgumentParser
import Foundation
import PMServerSQLite

/// Where the server's SQLite database lives.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "The SQLite database (default: $XDG_DATA_HOME/projectmanager/pm-server.sqlite).")
    var database: String?

    /// The path given, else the one in the XDG data directory (`~/.local/share` when unset).
    var path: String {
        if let database { return database }
        let environment = ProcessInfo.processInfo.environment
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/projectmanager/pm-server.sqlite"
    }

    func open() throws -> SQLiteSyncRepository {
        try SQLiteSyncRepository.open(path: path)
    }
}
