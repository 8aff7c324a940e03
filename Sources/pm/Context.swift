import Foundation
import PMDomain
import PMStore

/// What a command runs with: the live environment, read once at start-up, and the output.
struct Context {
    let environment: PMDomain.Environment
    let output: Output
    let databasePath: String
    /// The process environment, read once here.
    let variables: [String: String]

    init(_ options: GlobalOptions) throws {
        variables = ProcessInfo.processInfo.environment
        environment = try Self.liveEnvironment(variables)
        output = Output(variables: variables)
        databasePath = DatabaseLocation.path(option: options.database, environment: variables)
    }

    /// The database, opened (and created on first use).
    func open() throws -> AppDatabase {
        try AppDatabase.open(path: databasePath, environment: environment)
    }

    var today: Deadline { environment.today }

    /// The real clock and random ids. `PM_NOW` (an ISO 8601 instant) pins the clock, so demos
    /// and tests can stand on a chosen day; `TZ` picks the time zone as usual.
    private static func liveEnvironment(_ variables: [String: String]) throws -> PMDomain.Environment {
        var now: @Sendable () -> Date = { Date() }
        if let pinned = variables["PM_NOW"], !pinned.isEmpty {
            guard let date = ISO8601DateFormatter().date(from: pinned) else {
                throw CommandFailure(
                    "PM_NOW must be an ISO 8601 instant such as 2026-11-21T09:00:00Z, got \"\(pinned)\"")
            }
            now = { date }
        }
        return PMDomain.Environment(now: now, uuid: { UUID() }, timeZone: .current)
    }
}
