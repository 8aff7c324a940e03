import Foundation
import NIOCore
import NIOHTTP1
import PMSyncProtocol

/// Answers a connection whose first request head cannot be parsed (an unknown method, a bad
/// header line, a head over the decoder's limits, `HTTP/9.9`…) with 400 and closes it.
///
/// It sits at the end of the pipeline while the upgrade handler waits for the first head: the
/// decoder's error passes that handler, which has no answer for it, and reaches this one. Once
/// anything is read past it the first head was parsed, Hummingbird answers later parse errors
/// itself, and this handler removes itself. What passes is never unwrapped: it is an HTTP part,
/// or, after a WebSocket upgrade, raw bytes.
final class MalformedFirstRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// Anything: parts are passed on as they are.
    typealias InboundIn = Any
    typealias OutboundOut = HTTPServerResponsePart

    private var isAnswered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        if !isAnswered {
            isAnswered = true
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !isAnswered else { return }
        isAnswered = true
        let body = Self.body(parseError)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            let context = loopBound.value
            FirstRequestDeadlineHandler.abandon(context.pipeline.syncOperations, channel: context.channel)
        }
    }

    /// The JSON error every refusal of the API has, naming what the parser found wrong.
    static func body(_ error: HTTPParserError) -> ByteBuffer {
        let detail = ErrorBody(
            code: "malformedRequest",
            message: "the request head is not valid HTTP/1.1 (\(error)); the connection is closed")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ByteBuffer(bytes: (try? encoder.encode(detail)) ?? Data("{}".utf8))
    }
}
