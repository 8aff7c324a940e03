public import PMDomain
public import PMSyncProtocol

/// How the engine reaches one board on the server. `PMSyncClient` speaks HTTP and WebSocket;
/// tests put a simulated network in its place.
public protocol SyncTransport: Sendable {
    /// Sends `operations` (at most ``PushRequest/operationLimit``) and answers the server
    /// sequence number of each. Sending the same batch again is safe: the server applies an
    /// operation once and answers the same numbers.
    func push(_ operations: [ProjectOperation]) async throws(SyncTransportError) -> [PushResponse.Result]
    /// Up to `limit` operations after the server sequence number `after`.
    func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage
    /// The board's current cards and the sequence number they reflect.
    func snapshot() async throws(SyncTransportError) -> BoardSnapshot
    /// The board's current cards handed to `store` a page at a time, each page with the
    /// sequence number the cards reflect, as the answer arrives; returns that number. An error
    /// `store` throws ends the reading and is thrown as it is.
    func snapshot(pages store: @escaping @Sendable (_ seq: Int64, _ cards: [BoardSnapshot.Card]) throws -> Void)
        async throws -> Int64
    /// The board's heads as the server announces them (the first at once), for as long as the
    /// live connection lasts: the sequence ends or throws when it drops.
    func heads() -> AsyncThrowingStream<Int64, any Error>
}

extension SyncTransport {
    /// The whole snapshot, then its cards handed to `store` in pages of a thousand: for a
    /// transport that cannot hand them over as they arrive.
    public func snapshot(pages store: @escaping @Sendable (_ seq: Int64, _ cards: [BoardSnapshot.Card]) throws -> Void)
        async throws -> Int64
    {
        let snapshot = try await snapshot()
        for start in stride(from: 0, to: snapshot.projects.count, by: 1000) {
            try store(snapshot.seq, Array(snapshot.projects[start..<min(start + 1000, snapshot.projects.count)]))
        }
        return snapshot.seq
    }
}

/// Why a request to the server failed, sorted by what the engine does about it.
public enum SyncTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer: refused connection, timeout, lost response. Retry with backoff.
    case unreachable(String)
    /// The server answered but failed (5xx, or an answer that cannot be read). Retry with backoff.
    case serverFailed(String)
    /// The server refused the request for a reason retrying cannot fix: a revoked token (401),
    /// a board removed or never shared (404), an operation it will not take (4xx). Stop syncing
    /// and keep every local change.
    case refused(status: Int, code: String, message: String)

    /// Whether trying again later may succeed.
    public var isRetryable: Bool {
        if case .refused = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .unreachable(let reason): "the server cannot be reached: \(reason)"
        case .serverFailed(let reason): "the server failed: \(reason)"
        case .refused(let status, let code, let message): "the server refused (\(status) \(code)): \(message)"
        }
    }
}
