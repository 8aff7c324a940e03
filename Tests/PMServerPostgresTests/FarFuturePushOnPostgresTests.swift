import Foundation
import PMTestSupport
import Testing

/// A real `pm-server serve` on PostgreSQL refuses a push stamped past its clock skew, with the
/// skew it was given and with the default: the run of `FarFuturePushTests` (SQLite).
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage), .serialized)
struct FarFuturePushOnPostgresTests {
    @Test(.timeLimit(.minutes(2)))
    func pushStampedPastTheSkewIsRefusedAndNothingStored() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "pm-server-far-future-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await FarFuturePushRun(database: url, folder: folder).run()
        }
    }
}
