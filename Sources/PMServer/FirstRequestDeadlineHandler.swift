import NIOCore
import NIOHTTP1

/// Closes the connection unless its first request is read whole within `limit` of the
/// connection becoming active. It stands down, removing itself, when the server writes its first
/// bytes (an answer, the WebSocket upgrade, a 400) or ``RequestDeadlineHandler`` reports the
/// first request's end (``firstRequestRead(in:)``); from then on the per-request deadline and
/// the idle timeout hold the connection.
final class FirstRequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = IOData

    private var deadline: ConnectionDeadline
    private var isDone = false

    init(limit: TimeAmount) {
        deadline = ConnectionDeadline(limit: limit)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        isDone = true
        deadline.cancel()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        standDown(context)
    }

    /// Stands down the handler of `pipeline`, if it is still there: the first request was read.
    static func firstRequestRead(in pipeline: ChannelPipeline.SynchronousOperations) {
        guard let context = try? pipeline.context(handlerType: Self.self) else { return }
        (context.handler as? Self)?.standDown(context)
    }

    private func standDown(_ context: ChannelHandlerContext) {
        guard !isDone else { return }
        isDone = true
        deadline.cancel()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func schedule(_ context: ChannelHandlerContext) {
        guard !deadline.isRunning, !isDone else { return }
        deadline.start(on: context) { context in
            Self.abandon(context.pipeline.syncOperations, channel: context.channel)
        }
    }

    /// Closes a connection whose first request is not coming. The upgrade handler, still waiting
    /// for that request, is first told that the input ended, as on a client's half-close: it
    /// gives up and closes, which Hummingbird logs at trace level. Closed under it, it would fail
    /// its upgrade as an inappropriate operation, which is logged as an error: a line for every
    /// hostile connection.
    static func abandon(_ pipeline: ChannelPipeline.SynchronousOperations, channel: any Channel) {
        if let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            decoder.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        channel.close(promise: nil)
    }
}
