import Foundation
import PMDomain
import PMServerPostgres
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `kill -9` of the server in the middle of pushes by a client that retries, on PostgreSQL:
/// after the restarts every acknowledged operation is there exactly once, at the `seq` it was
/// acknowledged with, and the board's numbers run 1...N without a gap. The harness below is
/// the one of `ServerCrashTests` (PMServerSQLiteTests), which this target cannot import.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, PostgresTestDatabase.skipMessage), .serialized)
struct ServerCrashOnPostgresTests {
    static let board = "B"

    @Test(.timeLimit(.minutes(2)))
    func killingTheServerDuringPushesLosesAndDuplicatesNothing() async throws {
        try await PostgresTestDatabase.withFreshDatabase { url in
            // Given a user, a board and a server on a fresh database
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "pm-server-crash-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let added = try ServerProcess.run(["user", "add", "ada", "--database", url])
            try #require(added.status == 0)
            let token = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let board = try ServerProcess.run([
                "board", "add", Self.board, "--member", "ada", "--database", url,
            ])
            try #require(board.status == 0)
            let server = try ServerProcess(
                database: url,
                log: folder.appendingPathComponent("serve.log").path)
            defer { server.stop() }
            try await server.start()

            // When a client pushes batches, retrying each until it is acknowledged, while the
            // server is killed with SIGKILL and started again
            let seed =
                ProcessInfo.processInfo.environment["PM_CRASH_SEED"].flatMap(UInt64.init)
                ?? UInt64.random(in: 0...UInt64.max)
            let outcome = try await CrashRun(server: server, token: token, board: Self.board, seed: seed).run {
                // The head the database holds once the server is dead.
                try await PostgresSyncRepository.withRepository(
                    url: url, clock: ContinuousClock(), logger: PostgresTestDatabase.logger
                ) {
                    try await $0.operations(board: BoardName(Self.board), after: 0, limit: 1).head
                }
            }

            // Then the board holds every operation once, at its acknowledged seq
            try await outcome.checkBoard()
        }
    }
}
