import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server child channel around `inner` (an HTTP/1 channel that may upgrade to a WebSocket)
/// that holds a new connection to its first request: the request must arrive whole within
/// `limit` of connecting, and a head that cannot be parsed is answered 400 and closed at once.
///
/// Hummingbird takes over only once the first head is parsed: its idle timeout starts then, and
/// its answer to a parse error is in the request loop that a head opens. Before that, the
/// upgrade handler that waits for the first head neither answers an error nor closes, so without
/// this a client that trickles or garbles its head (or sends nothing) holds a connection for
/// ever, and enough of them exhaust the server's open files. Later requests are held by the idle
/// timeout and ``RequestDeadlineHandler``.
struct FirstRequestGuard<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            // Beside the response encoder (after TLS, when there is TLS) the deadline sees the
            // server's first answer in clear; at the end, the error handler sees the decoder's errors.
            let deadline = FirstRequestDeadlineHandler(limit: limit)
            if let encoder = try? pipeline.context(handlerType: HTTPResponseEncoder.self) {
                try pipeline.addHandler(deadline, position: .before(encoder.handler))
            } else {
                try pipeline.addHandler(deadline, position: .first)
            }
            try pipeline.addHandler(MalformedFirstRequestHandler(), position: .last)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
