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

    private var deadline: ConnectionDeadline
    private var hasReadARequest = false

    init(limit: TimeAmount) {
        deadline = ConnectionDeadline(limit: limit)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline.start(on: context) { $0.close(promise: nil) }
        case .body:
            break
        case .end:
            deadline.cancel()
            if !hasReadARequest {
                hasReadARequest = true
                FirstRequestDeadlineHandler.firstRequestRead(in: context.pipeline.syncOperations)
            }
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline.cancel()
    }
}
