import Foundation
import PMDomain
import PMStore

/// What a command runs with: the live environment, read once at start-up, and the output.
struct Context {
    let environment: PMDomain.Environment
    let output: Output
    let databasePath: String
    /// The process's environment variables, read once here.
    let variables: [String: String]

    init(_ options: GlobalOptions) throws {
        let variables = ProcessInfo.processInfo.environment
        self.variables = variables
        environment = try Self.liveEnvironment(variables)
        output = Output(variables: variables)
        databasePath = DatabaseLocation.path(option: options.database, environment: variables)
    }

    /// The database, opened (and created on first use).
    func open() throws -> AppDatabase {
        try AppDatabase.open(path: databasePath, environment: environment)
    }

    /// The database for a command that only reads: readable also on a full or read-only disk.
    func openForReading() throws -> AppDatabase {
        try AppDatabase.openForReading(path: databasePath, environment: environment)
    }

    var today: Deadline { environment.today }

    /// The live environment (see ``PMDomain/Environment/live(variables:)``), a bad `PM_NOW`
    /// refused as the command's failure.
    private static func liveEnvironment(_ variables: [String: String]) throws -> PMDomain.Environment {
        do {
            return try PMDomain.Environment.live(variables: variables)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
