/// Why the certificate or key files given to `pm-server serve` cannot be served: each names
/// the file and what is wrong with it.
public struct ServerCertificateError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: String, Hashable, Sendable {
        case unreadable, noCertificate, noKey, keyMismatch
    }

    private let code: Code

    /// The message shown to the operator.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The file cannot be read (missing, a folder, no permission).
    static func unreadable(_ path: String, option: String, reason: String) -> Self {
        Self(.unreadable, "\(option) \(path) cannot be read: \(reason)")
    }

    /// The certificate file holds no PEM certificate.
    static func noCertificate(_ path: String) -> Self {
        Self(
            .noCertificate,
            "--tls-certificate \(path) holds no PEM certificate (\"-----BEGIN CERTIFICATE-----\"); "
                + "give the server's certificate, followed by any intermediate ones")
    }

    /// The key file holds no unencrypted PEM private key.
    static func noKey(_ path: String) -> Self {
        Self(
            .noKey,
            "--tls-key \(path) holds no unencrypted PEM private key (\"-----BEGIN PRIVATE KEY-----\" "
                + "or \"-----BEGIN EC PRIVATE KEY-----\" or \"-----BEGIN RSA PRIVATE KEY-----\")")
    }

    /// The key is not the certificate's (or the pair cannot be used together).
    static func keyMismatch(certificate: String, key: String) -> Self {
        Self(
            .keyMismatch,
            "--tls-key \(key) is not the private key of the certificate in --tls-certificate \(certificate)")
    }
}
