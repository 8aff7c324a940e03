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
        let heard = Heard()
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                var collected = ByteBuffer()
                for try await chunk in body {
                    heard.count()
                    guard collected.readableBytes + chunk.readableBytes <= limit else { throw AnswerTooLarge() }
                    collected.writeImmutableBuffer(chunk)
                }
                return collected
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
            guard let first = try await group.next(), let collected = first else {
                throw HTTPClientError.readTimeout
            }
            return collected
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
