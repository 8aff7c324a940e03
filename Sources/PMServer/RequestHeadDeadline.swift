import HummingbirdCore
import Logging
import NIOCore

/// A server child channel that gives every new connection `limit` to send its first request's
/// whole head, then hands over to `inner`. Hummingbird's own idle timeout only starts once that
/// first head has arrived (it is set up after the WebSocket upgrade is decided), so without this
/// a client that connects and trickles its headers — or sends nothing — holds a connection open
/// for ever; enough of them exhaust the server. Later requests on the connection are covered by
/// the idle timeout.
struct RequestHeadDeadline<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(FirstHeadDeadlineHandler(limit: limit), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes the connection unless the bytes read contain the end of a request head (`CRLF CRLF`)
/// within `limit` of it becoming active; once they do, it removes itself.
final class FirstHeadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    let limit: TimeAmount
    private var deadline: Scheduled<Void>?
    /// The last bytes seen, to find a `CRLF CRLF` split across reads.
    private var tail: [UInt8] = []

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let seen = tail + buffer.readableBytesView.suffix(buffer.readableBytes)
        context.fireChannelRead(data)
        if Self.containsHeadEnd(seen) {
            deadline?.cancel()
            deadline = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } else {
            tail = Array(seen.suffix(3))
        }
    }

    private func schedule(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: limit) {
            loopBound.value.close(promise: nil)
        }
    }

    static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }
}
