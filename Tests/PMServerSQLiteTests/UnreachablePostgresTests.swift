import Foundation
import PMTestSupport
import Testing

/// `pm-server` on a PostgreSQL nobody answers at: it fails within seconds naming the host and
/// port, and `serve` stops at once on SIGTERM while it waits.
@Suite(.timeLimit(.minutes(1))) struct UnreachablePostgresTests {
    /// A loopback port nothing listens on.
    static func deadURL() throws -> (url: String, port: Int) {
        let port = try ServerProcess.freePort()
        return ("postgres://pm@127.0.0.1:\(port)/pm?sslmode=disable", port)
    }

    @Test func givenNoPostgreSQLThenACommandFailsWithinSecondsNamingHostAndPort() throws {
        let (url, port) = try Self.deadURL()
        let started = Date()

        let added = try ServerCommand().runWithout(database: ["token", "add", "ada", "--database", url])

        #expect(added.status != 0)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(added.error.contains("PostgreSQL at 127.0.0.1:\(port) did not accept a connection within 10 s"))
        #expect(!added.error.contains("PostgresClient"))
    }

    @Test func givenServeWaitingForPostgreSQLWhenSentSIGTERMThenItStopsAtOnce() async throws {
        // A loaded machine can let the 10 s wait run out before the signal is sent; then the
        // try says nothing about SIGTERM and is made again.
        var caughtWaiting = false
        for _ in 1...3 where !caughtWaiting {
            // Given serve waiting for a PostgreSQL that does not answer
            let (url, _) = try Self.deadURL()
            let process = Process()
            process.executableURL = ServerProcess.builtBinary
            process.arguments = ["serve", "--port", "\(try ServerProcess.freePort())", "--database", url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .milliseconds(300))
            guard process.isRunning else {
                process.waitUntilExit()
                continue
            }
            caughtWaiting = true

            // When it is sent SIGTERM
            let sent = Date()
            process.terminate()
            process.waitUntilExit()

            // Then it is gone within a second or two, not after the wait
            #expect(Date().timeIntervalSince(sent) < 3)
        }
        #expect(caughtWaiting, "serve was never still waiting 300 ms after it started")
    }
}
