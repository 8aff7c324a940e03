import ArgumentParser
import Foundation
import PMDomain
import PMServer

/// What `pm-server` takes from the world, read once at start-up and passed down: the process
/// environment, the clock and the random sources. Nothing below the entry point reaches for
/// them itself.
struct StartUp: Sendable {
    /// The process environment (`XDG_DATA_HOME`, `HOME`).
    var environment: [String: String]
    /// The clock services wait on.
    var clock: any Clock<Duration>
    /// A number in `0..<1`, for jitter.
    var random: @Sendable () -> Double
    /// `count` bytes from a cryptographically secure source, for tokens.
    var secureBytes: @Sendable (_ count: Int) -> [UInt8]

    /// The live world: the process's environment, the continuous clock, the system's randomness.
    static func live() -> StartUp {
        StartUp(
            environment: ProcessInfo.processInfo.environment, clock: ContinuousClock(),
            random: { Double.random(in: 0..<1) },
            secureBytes: { count in
                var generator = SystemRandomNumberGenerator()
                return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            })
    }

    /// The world CalDAV writes in: the system's time and new ids, the server's time zone (in
    /// which a DUE with a time of day is read as a deadline), the clock and randomness above.
    func calendarEnvironment() -> Environment {
        Environment(
            now: { Date() }, uuid: { UUID() }, timeZone: .current, clock: clock, random: random)
    }

    /// A new token from ``secureBytes``, to be shown once.
    func newToken() -> AccessToken {
        AccessToken(randomBytes: secureBytes(20))
    }
}

/// A subcommand that runs with what ``StartUp`` read, rather than reading it itself.
protocol StartedCommand: AsyncParsableCommand {
    /// Runs the command with `startUp`.
    func run(_ startUp: StartUp) async throws
}

extension StartedCommand {
    /// `pm-server`'s entry point runs ``run(_:)`` instead; this is only reached if a command is
    /// run another way, which has no start-up to give it.
    func run() async throws {
        throw ValidationError("\(Self.self) must be run through pm-server's entry point")
    }
}
