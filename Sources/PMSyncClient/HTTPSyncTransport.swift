public import AsyncHTTPClient
import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
public import PMDomain
public import PMSync
public import PMSyncProtocol
import Synchronization

/// The live ``SyncTransport``: one board on a `pm-server`, over HTTP(S) for push, pull and
/// snapshot and a WebSocket for the heads the server announces.
///
/// Every failure is a ``SyncTransportError`` sorted by what the engine should do: no answer
/// is `.unreachable`, a server fault (5xx, 408, 429, an unreadable answer) is `.serverFailed`,
/// any other 4xx is `.refused` with the server's error code. The token never appears in an
/// error or a log.
public struct HTTPSyncTransport: SyncTransport {
    /// The largest answer read: a full pull page is well under 1 MiB, so this only guards
    /// against a runaway answer.
    static let answerLimit = 64 << 20
    /// The largest snapshot read. A snapshot grows with the board, a few hundred bytes a card:
    /// 1 GiB holds a board of some two million cards.
    static let snapshotLimit = 1 << 30

    /// The client transports use unless given another: one that gives up on a refused
    /// connection at once. AsyncHTTPClient's shared client retries connecting until the
    /// request's deadline, so a server that is down would cost every request its whole timeout,
    /// and a command or the board would learn it is offline only then. Made on first use (so
    /// never without a remote) and kept for the process's life.
    public static let client: HTTPClient = makeClient(tlsConfiguration: nil)

    /// The clients of transports that trust CAs beside the system's, one for each such trust,
    /// made on first use and kept for the process's life like ``client``.
    private static let trustingClients = Mutex<[ServerTrust: HTTPClient]>([:])

    /// A client as ``client`` is, with `tlsConfiguration` for https.
    private static func makeClient(tlsConfiguration: TLSConfiguration?) -> HTTPClient {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        configuration.tlsConfiguration = tlsConfiguration
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// The client for `trust`: ``client`` for the system's CAs alone.
    static func client(trusting trust: ServerTrust) throws(SyncTransportError) -> HTTPClient {
        guard trust != .system else { return client }
        let tlsConfiguration = try trust.tlsConfiguration()
        return trustingClients.withLock { clients in
            if let client = clients[trust] { return client }
            let client = makeClient(tlsConfiguration: tlsConfiguration)
            clients[trust] = client
            return client
        }
    }

    let endpoint: BoardEndpoint
    let token: String
    /// The client given, else the one for ``trust``.
    let givenClient: HTTPClient?
    let trust: ServerTrust
    let timeout: Duration
    let clock: any Clock<Duration>
    let logger: Logger

    /// A transport for `board` on the server at `serverURL` (`http://host:port`, optionally with
    /// a path prefix and a trailing slash; `https` for TLS), authenticated by `token`. Each
    /// request's answer must begin within `timeout`, and may then fall silent for no longer (on
    /// `clock`) however long it lasts; each silence on the live connection may last as long,
    /// and the live connection's first answer is awaited for as long on `clock`. Over https the
    /// server's certificate must be one `trust` accepts; `httpClient`, when given, brings its own.
    public init(
        serverURL: String, board: String, token: String, clock: any Clock<Duration>,
        trust: ServerTrust = .system, httpClient: HTTPClient? = nil, timeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "pm.sync.client")
    ) {
        endpoint = BoardEndpoint(serverURL: serverURL, board: board)
        self.token = token
        self.clock = clock
        self.trust = trust
        self.givenClient = httpClient
        self.timeout = timeout
        self.logger = logger
    }

    public func push(_ operations: [ProjectOperation]) async throws(SyncTransportError) -> [PushResponse.Result] {
        let body: Data
        do {
            body = try JSONEncoder().encode(PushRequest(operations: operations))
        } catch {
            // Operations are plain values; failing to encode one is a bug, not a network fault,
            // but the engine keeps it in the outbox and the user keeps it on screen either way.
            throw .refused(status: 0, code: "unencodable", message: "the operations cannot be encoded: \(error)")
        }
        return try await send(.POST, endpoint.operations, body: body, answer: PushResponse.self).results
    }

    public func pull(after: Int64, limit: Int) async throws(SyncTransportError) -> OperationPage {
        try await send(.GET, endpoint.operations(after: after, limit: limit), answer: OperationPage.self)
    }

    /// The snapshot, its cards decoded page by page while the rest of the answer arrives
    /// (``SnapshotStream``), so a large board's answer is never held whole.
    public func snapshot() async throws(SyncTransportError) -> BoardSnapshot {
        let cards = Mutex<[BoardSnapshot.Card]>([])
        do {
            let seq = try await snapshot { _, page in cards.withLock { $0 += page } }
            return BoardSnapshot(seq: seq, projects: cards.withLock { $0 })
        } catch let error as SyncTransportError {
            throw error
        } catch {
            throw failure(.serverFailed("the snapshot could not be read: \(error)"))
        }
    }

    /// The snapshot, each page of cards handed to `store` as soon as it is decoded, once the
    /// answer's head has said which sequence number they reflect (`pm-server` writes it first;
    /// an answer with its head at the end is handed over at its end).
    public func snapshot(pages store: @escaping @Sendable (_ seq: Int64, _ cards: [BoardSnapshot.Card]) throws -> Void)
        async throws -> Int64
    {
        let url = endpoint.projects
        let limit = Self.snapshotLimit
        let httpClient = try client()
        var stream: SnapshotStream
        do {
            let response = try await httpClient.execute(
                request(.GET, url), timeout: TimeAmount(timeout), logger: logger)
            guard (200..<300).contains(response.status.code) else {
                let body = try await collect(response.body, upTo: Self.answerLimit)
                throw failure(SyncTransportError(status: response.status, body: body))
            }
            stream = try await read(response.body, upTo: limit, into: SnapshotStream()) { stream, chunk in
                do {
                    try chunk.withUnsafeReadableBytes { try stream.read($0) }
                } catch {
                    throw NotTheAnswer(error: error)
                }
                guard let seq = stream.seq else { return }
                let page = stream.takeCards()
                guard !page.isEmpty else { return }
                do { try store(seq, page) } catch { throw NotStored(error: error) }
            }
        } catch let error as SyncTransportError {
            throw error
        } catch let error as NotStored {
            throw error.error
        } catch is AnswerTooLarge {
            throw failure(.serverFailed("the answer to GET \(url) is over \(limit) bytes"))
        } catch let error as NotTheAnswer {
            throw failure(.serverFailed("the answer to GET \(url) is not BoardSnapshot: \(error.error)"))
        } catch {
            throw failure(SyncTransportError(transportFailure: error, host: endpoint.host))
        }
        let rest: BoardSnapshot
        do {
            rest = try stream.finish()
        } catch {
            throw failure(.serverFailed("the answer to GET \(url) is not BoardSnapshot: \(error)"))
        }
        if !rest.projects.isEmpty { try store(rest.seq, rest.projects) }
        return rest.seq
    }

    /// One authorized request; its answer, of at most `limit` bytes, decoded as `Answer`, or
    /// the error it stands for.
    func send<Answer: Decodable>(
        _ method: HTTPMethod, _ url: String, body: Data? = nil, limit: Int = answerLimit, answer: Answer.Type
    ) async throws(SyncTransportError) -> Answer {
        let status: HTTPResponseStatus
        let bytes: ByteBuffer
        let httpClient = try client()
        do {
            let response = try await httpClient.execute(
                request(method, url, body: body), timeout: TimeAmount(timeout), logger: logger)
            status = response.status
            bytes = try await collect(response.body, upTo: limit)
        } catch is AnswerTooLarge {
            throw failure(.serverFailed("the answer to \(method) \(url) is over \(limit) bytes"))
        } catch {
            throw failure(SyncTransportError(transportFailure: error, host: endpoint.host))
        }
        guard (200..<300).contains(status.code) else { throw failure(SyncTransportError(status: status, body: bytes)) }
        do {
            let data = Data(bytes.readableBytesView)
            if let plain = Answer.self as? any PlainJSONDecodable.Type, let answer = plain.readPlain(data) as? Answer {
                return answer
            }
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw failure(.serverFailed("the answer to \(method) \(url) is not \(Answer.self): \(error)"))
        }
    }

    /// An authorized request of `method` for `url`, with `body` as JSON when given.
    private func request(_ method: HTTPMethod, _ url: String, body: Data? = nil) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        return request
    }

    /// The client given, else the one for ``trust``. Over plain http no CA is read: loading a
    /// bundle named by SSL_CERT_FILE cost every push a few milliseconds, and an unreadable one
    /// stopped pushes that never use it.
    private func client() throws(SyncTransportError) -> HTTPClient {
        if let givenClient { return givenClient }
        return endpoint.isSecure ? try Self.client(trusting: trust) : Self.client
    }

    /// A snapshot answer that is not one, found while it was being read.
    private struct NotTheAnswer: Error {
        let error: any Error
    }

    /// A page of the snapshot its receiver could not store: its own error, not the network's.
    private struct NotStored: Error {
        let error: any Error
    }

    /// `error` made safe to show, and logged once here rather than by every caller.
    func failure(_ error: SyncTransportError) -> SyncTransportError {
        let safe = error.redacting(token)
        logger.debug("sync request failed", metadata: ["error": "\(safe)"])
        return safe
    }
}
