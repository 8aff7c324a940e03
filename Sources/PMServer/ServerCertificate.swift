public import Foundation
import NIOSSL
import PMDomain
import Synchronization

/// The certificate (with its chain) and private key the server answers TLS with, read from PEM
/// files. ``reload()`` reads the files again — a renewed certificate — and every connection
/// accepted afterwards is served with it; connections already open keep theirs.
public final class ServerCertificate: Sendable {
    /// The certificate file: the server's certificate first, then any intermediate ones.
    public let certificatePath: String
    /// The private key file.
    public let keyPath: String
    private let served: Mutex<Loaded>

    /// What one reading of the files gave.
    struct Loaded: Sendable {
        let context: NIOSSLContext
        let serial: String
        let expiry: Date
    }

    /// Reads both files; throws a ``ServerCertificateError`` naming the file that is wrong.
    public init(certificatePath: String, keyPath: String) throws(ServerCertificateError) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
        served = Mutex(try Self.load(certificatePath: certificatePath, keyPath: keyPath))
    }

    /// Reads the files again and serves what they hold from the next connection on. When they
    /// are wrong (half-written, mismatched), the error is thrown and the certificate served
    /// before stays.
    public func reload() throws(ServerCertificateError) {
        let loaded = try Self.load(certificatePath: certificatePath, keyPath: keyPath)
        served.withLock { $0 = loaded }
    }

    /// The TLS context for a new connection.
    var context: NIOSSLContext { served.withLock { $0.context } }

    /// The served certificate's serial number in hex, for the log.
    public var serial: String { served.withLock { $0.serial } }

    /// When the served certificate expires, for the log.
    public var expiry: Date { served.withLock { $0.expiry } }

    private static func load(certificatePath: String, keyPath: String) throws(ServerCertificateError) -> Loaded {
        let certificateBytes = try read(certificatePath, option: "--tls-certificate")
        let keyBytes = try read(keyPath, option: "--tls-key")
        guard let chain = try? NIOSSLCertificate.fromPEMBytes(certificateBytes), let leaf = chain.first else {
            throw .noCertificate(certificatePath)
        }
        guard let key = try? NIOSSLPrivateKey(bytes: keyBytes, format: .pem) else { throw .noKey(keyPath) }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        // HTTP/1.1 only: the server speaks nothing else, and a WebSocket upgrade needs it.
        configuration.applicationProtocols = ["http/1.1"]
        // BoringSSL refuses a key that does not match the certificate when the context is made.
        guard let context = try? NIOSSLContext(configuration: configuration) else {
            throw .keyMismatch(certificate: certificatePath, key: keyPath)
        }
        return Loaded(
            context: context, serial: leaf.serialNumber.lowercaseHex,
            expiry: Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter)))
    }

    private static func read(_ path: String, option: String) throws(ServerCertificateError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw .unreadable(path, option: option, reason: reason)
        }
    }
}
