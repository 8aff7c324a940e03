import Logging
import PMServer
import ServiceLifecycle
import UnixSignals

/// Reads the server's certificate and key again on each SIGHUP, so that a renewed certificate
/// is served from the next connection on without stopping the server. Files that are wrong are
/// logged and the certificate served before stays.
struct CertificateReloader: Service {
    let certificate: ServerCertificate
    /// Trapped before the server starts: an untrapped SIGHUP would end the process.
    let signals: UnixSignalsSequence
    let logger: Logger

    func run() async {
        for await _ in signals.cancelOnGracefulShutdown() {
            do {
                try certificate.reload()
                logger.notice(
                    "TLS certificate reloaded",
                    metadata: ["file": "\(certificate.certificatePath)", "serial": "\(certificate.serial)"])
            } catch {
                logger.error(
                    "TLS certificate not reloaded; serving the previous one",
                    metadata: ["error": "\(error)"])
            }
        }
    }
}
