import Foundation
import Testing

/// Output that cannot be written is a failure with a message and a documented status, never a
/// trap: a script that sees a crash after a saved change retries it and adds the card twice.
@Suite struct OutputFailureTests {
    @Test func outputToAFullDiskIsAClearFailureAfterTheChangeIsSaved() throws {
        // Given a board, and standard output on a full disk
        let pm = try PMRunner()

        // When a card is added with its output going to /dev/full
        let result = try pm.run(
            ["-c", #"exec "$0" add 보고서 > /dev/full"#, PMRunner.binary.path], executable: URL(fileURLWithPath: "/bin/sh")
        )

        // Then it exits with the documented status and says the change is saved; no trap
        #expect(result.status == 5)
        #expect(result.stderr.contains("the output could not be written"))
        #expect(result.stderr.contains("saved"))
        // And the card is on the board once
        #expect(try pm.succeed(["list"]).stdout.contains("TODO (1)"))
    }
}
