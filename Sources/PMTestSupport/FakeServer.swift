public import PMDomain
public import PMServer
public import PMStore
public import PMSync
public import PMSyncProtocol
import Synchronization

/// A server in memory behind a `SyncTransport`: pushes, pulls and snapshots answered by the
/// server's own repository, heads announced as the server's live connection would, and
/// switches that make every request fail as a network or a server can, or hang until given up.
public final class FakeServer: Sendable {
    /// The one board, of which `ada` is a member.
    public static let board = "team"
    /// The repository behind it.
    public let repository = InMemorySyncRepository()
    private let live = LiveHeads()
    private let failure = Mutex<SyncTransportError?>(nil)
    private let hanging = Mutex(false)

    /// A server with user `ada` and her board.
    public init() async throws {
        try await repository.addUser(name: "ada")
        try await repository.addBoard(BoardName(Self.board), members: ["ada"])
    }

    /// Makes every request fail with `error` from now on (`nil` heals).
    public func fail(with error: SyncTransportError?) {
        failure.withLock { $0 = error }
    }

    /// Makes every request from now on wait, never answered, until its task is cancelled, as a
    /// server that took the connection and went silent (`false` heals).
    public func hang(_ hang: Bool = true) {
        hanging.withLock { $0 = hang }
    }

    /// Pushes as another device does through the real server: stored, and the new head announced.
    public func push(fromElsewhere operations: [ProjectOperation]) async throws {
        let results = try await repository.push(board: BoardName(Self.board), operations: operations)
        live.publish(board: BoardName(Self.board), head: results.map(\.seq).max() ?? 0)
    }

    /// Every card title the server holds.
    public func titles() async throws -> Set<String> {
        Set(try await repository.snapshot(board: BoardName(Self.board)).projects.map(\.title))
    }

    /// The way to this server.
    public var transport: Transport { Transport(server: self) }

    /// The link of `database` to this server, in `environment`'s time, with `token` as the
    /// remote's (to be blanked out of every message).
    public func link(_ database: AppDatabase, environment: Environment, token: String = "pm_test") -> SyncLink {
        let transport = self.transport
        return SyncLink(
            database: database, remote: Remote(url: "http://fake.invalid", board: Self.board, token: token),
            environment: environment
        ) { _ in transport }
    }

    /// The fake's ``SyncTransport``.
    public struct Transport: SyncTransport {
        let server: FakeServer

        public func push(_ operations: [ProjectOperation]) async throws(SyncTransportError) -> [PushResponse.Result] {
            let repository = server.repository
            let results = try await server.answer {
                try await repository.push(board: BoardName(FakeServer.board), operations: operations)
            }
            server.live.publish(board: BoardName(FakeServer.board), head: results.map(\.seq).max() ?? 0)
            return results
        }

        public func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
            let repository = server.repository
            return try await server.answer {
                try await repository.operations(board: BoardName(FakeServer.board), after: after, limit: limit)
            }
        }

        public func snapshot() async throws(SyncTransportError) -> BoardSnapshot {
            let repository = server.repository
            return try await server.answer { try await repository.snapshot(board: BoardName(FakeServer.board)) }
        }

        public func heads() -> AsyncThrowingStream<Int64, any Error> {
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int64.self)
            if let failure = server.failure.withLock({ $0 }) {
                continuation.finish(throwing: failure)
                return stream
            }
            // Subscribed before the current head is read, so no push falls between the two.
            let heads = server.live.heads(of: BoardName(FakeServer.board))
            let repository = server.repository
            let task = Task {
                if let current = try? await repository.operations(
                    board: BoardName(FakeServer.board), after: 0, limit: 0)
                {
                    continuation.yield(current.head)
                }
                for await head in heads { continuation.yield(head) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
    }

    private func answer<Answer: Sendable>(
        _ request: @Sendable () async throws -> Answer
    ) async throws(SyncTransportError) -> Answer {
        if hanging.withLock({ $0 }) {
            // A stream nobody feeds: iterating it waits until the task is cancelled.
            let (silence, continuation) = AsyncStream.makeStream(of: Never.self)
            for await _ in silence {}
            continuation.finish()
            throw .unreachable("the request was given up")
        }
        if let failure = failure.withLock({ $0 }) { throw failure }
        do {
            return try await request()
        } catch {
            throw .serverFailed("\(error)")
        }
    }
}
