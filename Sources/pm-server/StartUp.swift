import ArgumentParser
import Foundation
import PMDomain
import PMServer
import PMStore

/// What `pm-server` takes from the world, read once at start-up and passed down: the process's
/// variables, the same ``PMDomain/Environment`` as `pm` builds (time, ids, clock, chance) and
/// the secure random source. Nothing below the entry point reaches for them itself.
struct StartUp: Sendable {
    /// The process's variables (`XDG_DATA_HOME`, `HOME`).
    var variables: [String: String]
    /// The time, ids, time zone, clock and chance, as `pm` has them (`PM_NOW` pins the time).
    var environment: PMDomain.Environment
    /// `count` bytes from a cryptographically secure source, for tokens and feed keys.
    var secureBytes: @Sendable (_ count: Int) -> [UInt8]

    /// The clock services wait on.
    var clock: any Clock<Duration> { environment.clock }
    /// A number in `0..<1`, for jitter.
    var random: @Sendable () -> Double { environment.random }
    /// The wall-clock time, for what is kept across restarts (a browser session's expiry).
    var now: @Sendable () -> Date { environment.now }

    /// The live world: the process's variables and environment, the system's secure randomness.
    static func live() throws -> StartUp {
        let variables = ProcessInfo.processInfo.environment
        return StartUp(
            variables: variables, environment: try PMDomain.Environment.live(variables: variables),
            secureBytes: { count in
                var generator = SystemRandomNumberGenerator()
                return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            })
    }

    /// A new token from ``secureBytes``, to be shown once.
    func newToken() -> AccessToken {
        AccessToken(randomBytes: secureBytes(20))
    }

    /// A new calendar feed key from ``secureBytes``, to be shown once.
    func newFeedKey() -> FeedKey {
        FeedKey(randomBytes: secureBytes(20))
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
