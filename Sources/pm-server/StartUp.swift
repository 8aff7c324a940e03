import ArgumentParser
import Foundation
import PMServer

/// What `pm-server` takes from the world, read once at start-up and passed down: the process
/// environment, the clock and the random sources. Nothing below the entry point reaches for
/// them itself.
struct StartUp: Sendable {
    /// The process environment (`XDG_DATA_HOME`, `HOME`).
    var environment: [String: String]
    /// The clock services wait on.
    var clock: any Clock<Duration>
    /// The wall-clock time, for what is kept across restarts (a browser session's expiry).
    var now: @Sendable () -> Date
    /// A number in `0..<1`, for jitter.
    var random: @Sendable () -> Double
    /// `count` bytes from a cryptographically secure source, for tokens.
    var secureBytes: @Sendable (_ count: Int) -> [UInt8]

    /// The live world: the process's environment, the continuous clock, the system's randomness.
    static func live() -> StartUp {
        StartUp(
            environment: ProcessInfo.processInfo.environment, clock: ContinuousClock(), now: { Date() },
            random: { Double.random(in: 0..<1) },
            secureBytes: { count in
                var generator = SystemRandomNumberGenerator()
                return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            })
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
