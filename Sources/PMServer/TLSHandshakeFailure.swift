import Logging
import NIOCore
import NIOSSL

/// Closes a connection whose TLS failed — most often a client that does not trust the
/// certificate and says so in an alert — noting it at debug level. Told only that the channel
/// went away, the HTTP layer's upgrade handler would log an error per device that lacks the CA;
/// told first that the input closed, as when a client hangs up before its request, it does not.
final class TLSHandshakeFailure: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError else {
            context.fireErrorCaught(error)
            return
        }
        logger.debug(
            "TLS failed; connection closed",
            metadata: ["error": "\(error)", "peer": "\(context.remoteAddress.map { "\($0)" } ?? "?")"])
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }
}
