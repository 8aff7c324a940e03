import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PMTestSupport

/// One request to a server over TLS that accepts whatever certificate it shows, and what came
/// back: the certificate's serial number and the whole answer. Tests see with it which
/// certificate a new connection gets, and what the server answers over https.
struct TLSExchange: Sendable {
    /// The serial number, in hex, of the certificate the server showed.
    let serial: String
    /// The answer's bytes as text, head and body.
    let answer: String

    /// Sends `request` (a whole HTTP/1.1 request, ending the connection) to 127.0.0.1:`port`.
    static func send(_ request: String, port: Int) async throws -> TLSExchange {
        let serial = NIOLockedValueBox<String?>(nil)
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        let context = try NIOSSLContext(configuration: configuration)
        let collected = NIOLockedValueBox(Data())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        NIOSSLClientHandler(
                            context: context, serverHostname: nil,
                            customVerificationCallback: { certificates, promise in
                                serial.withLockedValue {
                                    $0 = certificates.first?.serialNumber.map { String(format: "%02x", $0) }.joined()
                                }
                                promise.succeed(.certificateVerified)
                            }))
                    try channel.pipeline.syncOperations.addHandler(Collector(collected: collected))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: request)).get()
        // The server closes the connection after answering `Connection: close`.
        try await channel.closeFuture.get()
        let answer = String(decoding: collected.withLockedValue { $0 }, as: UTF8.self)
        guard let shown = serial.withLockedValue({ $0 }) else { throw TLSExchangeError.noCertificate }
        return TLSExchange(serial: shown, answer: answer)
    }

    /// `GET /health` over TLS.
    static func health(port: Int) async throws -> TLSExchange {
        try await send("GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
    }

    /// Waits until the server on `port` answers `/health` over TLS, for at most `seconds`.
    static func waitForHealth(port: Int, seconds: Int = 20, isRunning: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline, isRunning() {
            if let exchange = try? await health(port: port), exchange.answer.hasPrefix("HTTP/1.1 200") { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}

enum TLSExchangeError: Error {
    case noCertificate
}

/// Keeps every byte read.
private final class Collector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let collected: NIOLockedValueBox<Data>

    init(collected: NIOLockedValueBox<Data>) {
        self.collected = collected
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        collected.withLockedValue { $0.append(contentsOf: buffer.readableBytesView) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
