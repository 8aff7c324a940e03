import Foundation
import PMTestSupport
import Testing

/// A real `pm-server serve` on a SQLite file refuses a push stamped past its clock skew, with
/// the skew it was given and with the default.
@Suite(.serialized) struct FarFuturePushTests {
    @Test(.timeLimit(.minutes(2)))
    func pushStampedPastTheSkewIsRefusedAndNothingStored() async throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        try await FarFuturePushRun(database: command.database, folder: command.folder).run()
    }

    @Test(.timeLimit(.minutes(1))) func skewOutsideItsRangeIsRefusedBeforeServing() throws {
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        for value in ["0", "86401"] {
            let result = try command.run(["serve", "--port", "0", "--clock-skew", value])
            #expect(result.status != 0)
            #expect(result.error.contains("--clock-skew must be 1–86400 seconds, got \(value)"), "\(result.error)")
        }
        let help = try command.run(["serve", "--help"])
        #expect(help.output.contains("--clock-skew"))
        #expect(help.output.contains("default: 300"))
    }
}
