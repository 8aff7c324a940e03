import AsyncHTTPClient
import NIOCore
import Synchronization

extension HTTPSyncTransport {
    /// The request's deadline only covers the wait for the answer's head: AsyncHTTPClient stops
    /// counting once the head is in. The body is read here, under a limit on silence rather
    /// than on its whole length: a server that keeps sending is waited for however large the
    /// answer (a snapshot of a million cards takes many seconds on any network), while one
    /// that stops sending fails once `timeout` has passed on `clock` without a byte, as the
    /// head's deadline does.
    func collect(_ body: HTTPClientResponse.Body, upTo limit: Int) async throws -> ByteBuffer {
        try await read(body, upTo: limit, into: ByteBuffer()) { collected, chunk in
            collected.writeImmutableBuffer(chunk)
        }
    }

    /// ``collect(_:upTo:)``'s reading, each part of the answer handed to `add` as it arrives
    /// instead of kept: what `reader` holds when the answer ends.
    func read<Reader: Sendable>(
        _ body: HTTPClientResponse.Body, upTo limit: Int, into reader: Reader,
        _ add: @escaping @Sendable (inout Reader, ByteBuffer) throws -> Void
    ) async throws -> Reader {
        let heard = Heard()
        return try await withThrowingTaskGroup(of: Reader?.self) { group in
            group.addTask {
                var reader = reader
                var total = 0
                for try await chunk in body {
                    heard.count()
                    total += chunk.readableBytes
                    guard total <= limit else { throw AnswerTooLarge() }
                    try add(&reader, chunk)
                }
                return reader
            }
            group.addTask { [clock, timeout] in
                // Checked once a period: a silence is noticed after one to two periods.
                var seen = 0
                while true {
                    try await clock.sleep(for: timeout)
                    let chunks = heard.chunks
                    if chunks == seen { return nil }
                    seen = chunks
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let read = first else {
                throw HTTPClientError.readTimeout
            }
            return read
        }
    }

    /// An answer over the size limit of its request.
    struct AnswerTooLarge: Error {}
}

/// How many parts of an answer have arrived, counted by the reader, watched by the watchdog.
private final class Heard: Sendable {
    private let received = Mutex(0)

    var chunks: Int { received.withLock { $0 } }

    func count() { received.withLock { $0 += 1 } }
}
