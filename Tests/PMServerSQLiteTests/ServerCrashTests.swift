import Foundation
import GRDB
import PMDomain
import PMServerSQLite
import PMSyncProtocol
import PMTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `kill -9` of the server in the middle of pushes by a client that retries: after the
/// restarts every acknowledged operation is there exactly once, at the `seq` it was
/// acknowledged with, and the board's numbers run 1...N without a gap.
@Suite(.serialized) struct ServerCrashTests {
    static let board = "B"

    @Test(.timeLimit(.minutes(2)))
    func killingTheServerDuringPushesLosesAndDuplicatesNothing() async throws {
        // Given a user, a board and a server on a fresh SQLite file
        let command = ServerCommand()
        defer { try? FileManager.default.removeItem(at: command.folder) }
        let added = try command.run(["user", "add", "ada"])
        try #require(added.status == 0, "user add: \(added.error)")
        let token = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let board = try command.run(["board", "add", Self.board, "--member", "ada"])
        try #require(board.status == 0, "board add: \(board.error)")
        let server = try ServerProcess(
            binary: ServerCommand.binary, database: command.database,
            log: command.folder.appendingPathComponent("serve.log").path)
        defer { server.stop() }
        try await server.start()

        // When a client pushes batches, retrying each until it is acknowledged, while the
        // server is killed with SIGKILL and started again
        let seed =
            ProcessInfo.processInfo.environment["PM_CRASH_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        let database = command.database
        let outcome = try await CrashRun(server: server, token: token, board: Self.board, seed: seed).run {
            // The head the file holds once the server is dead.
            try await SQLiteSyncRepository.open(path: database).operations(
                board: BoardName(Self.board), after: 0, limit: 1
            ).head
        }

        // Then the board holds every operation once, at its acknowledged seq
        try await outcome.checkBoard()
        // And the file is sound
        server.stop()
        let check = try await DatabaseQueue(path: database).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        #expect(check == ["ok"], outcome.comment)
    }
}
