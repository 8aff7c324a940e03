import Foundation
public import NIOSSL
public import PMSync

/// Which certificates `pm` accepts from a server over https: those the system's CAs vouch for
/// and, for a server whose certificate a private CA signed, those of the CAs in `authorityFiles`.
/// A certificate none of them vouches for is refused; nothing falls back to plain http.
public struct ServerTrust: Hashable, Sendable {
    /// PEM files of CAs trusted beside the system's (`pm remote set --ca-file`, `SSL_CERT_FILE`).
    public var authorityFiles: [String]

    /// The system's CAs only.
    public static let system = ServerTrust(authorityFiles: [])

    /// The system's CAs and those in `authorityFiles`.
    public init(authorityFiles: [String]) {
        self.authorityFiles = authorityFiles
    }

    /// Why `file` cannot be trusted as a CA (unreadable, no PEM certificate), or `nil` when it can.
    public static func problem(authorityFile file: String) -> String? {
        guard let certificates = try? NIOSSLCertificate.fromPEMFile(file) else {
            return FileManager.default.isReadableFile(atPath: file)
                ? "--ca-file \(file) holds no PEM certificate (\"-----BEGIN CERTIFICATE-----\"); give the CA's "
                    + "certificate, the ca.pem of pm-server tls init"
                : "--ca-file \(file) cannot be read"
        }
        return certificates.isEmpty ? "--ca-file \(file) holds no PEM certificate" : nil
    }

    /// The client's TLS configuration, or why a CA file cannot be used (named).
    public func tlsConfiguration() throws(SyncTransportError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        for file in authorityFiles {
            do {
                let certificates = try NIOSSLCertificate.fromPEMFile(file)
                guard !certificates.isEmpty else { throw NIOSSLError.failedToLoadCertificate }
                configuration.additionalTrustRoots.append(.certificates(certificates))
            } catch {
                throw .unreachable(
                    "the CA file \(file) cannot be read as PEM certificates (\(error)); give another with "
                        + "pm remote set URL --board BOARD --token - --ca-file FILE")
            }
        }
        return configuration
    }

    /// Why `error` is the server's certificate refused, in the user's words naming `host` and
    /// how to trust a private CA; `nil` when it is some other failure.
    static func refusal(_ error: any Error, host: String) -> String? {
        let how =
            "If the server's certificate comes from a private CA (pm-server tls init), trust that CA: "
            + "pm remote set URL --board BOARD --token - --ca-file ca.pem, or SSL_CERT_FILE=ca.pem, "
            + "or add it to the system's trust store"
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "the certificate \(host) showed is not made for \(host) (make one that names it: "
                + "pm-server tls init --host \(host)); nothing was sent"
        }
        guard let error = error as? NIOSSLError, case .handshakeFailed(let failure) = error else { return nil }
        // BoringSSL says only CERTIFICATE_VERIFY_FAILED, with its source file: an expired
        // certificate, a self-signed one and one of an unknown CA all read the same.
        guard "\(failure)".contains("CERTIFICATE_VERIFY_FAILED") else { return nil }
        return "the certificate of \(host) is not trusted: no CA this device trusts vouches for it, or it has "
            + "expired; nothing was sent. \(how)"
    }
}
