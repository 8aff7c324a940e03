import HummingbirdCore
import Logging
import NIOCore
import NIOSSL

/// A server child channel that speaks TLS with the certificate ``ServerCertificate`` serves at
/// the moment the connection is accepted, then hands the decrypted bytes to `inner`.
/// Hummingbird's own TLS channel fixes its context when the server starts; taking it per
/// connection is what lets a renewed certificate be served without restarting.
struct TLSChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let certificate: ServerCertificate

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        // The TLS handler goes first in the pipeline once `inner` has added its own, so that
        // every handler of `inner` — also one `inner` puts first, like the request-head
        // deadline — sees decrypted bytes.
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let tls = NIOSSLServerHandler(context: certificate.context)
            try channel.pipeline.syncOperations.addHandler(tls, position: .first)
            try channel.pipeline.syncOperations.addHandler(TLSHandshakeFailure(logger: logger), position: .after(tls))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
