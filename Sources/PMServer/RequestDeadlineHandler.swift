import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection when a request's body has not arrived whole within `limit` of its
/// head. Hummingbird's idle timeout restarts at every part read, so a body trickled a byte at a
/// time (or an unread body after an early answer) would otherwise hold the connection for ever.
/// The first request's end also stands down ``FirstRequestDeadlineHandler``, so that a slow
/// answer to a whole request is not cut off.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    let limit: TimeAmount
    private var deadline: Scheduled<Void>?
    private var hasReadARequest = false

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: limit) {
                loopBound.value.close(promise: nil)
            }
        case .body:
            break
        case .end:
            deadline?.cancel()
            deadline = nil
            if !hasReadARequest {
                hasReadARequest = true
                FirstRequestDeadlineHandler.firstRequestRead(in: context.pipeline.syncOperations)
            }
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}
