import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority of one's own for a server on a LAN: its certificate, installed on
/// each device once, makes them trust every server certificate it signs. Made and kept by
/// `pm-server tls init`; its key stays with the operator.
struct PrivateCertificateAuthority {
    /// How long the authority's own certificate lasts: devices are set up once for years.
    static let lifetime: TimeInterval = 10 * 365 * 86_400
    /// How long a server certificate lasts: 397 days, the longest browsers and Apple's systems
    /// accept, so one certificate works everywhere.
    static let serverLifetime: TimeInterval = 397 * 86_400
    /// Certificates start an hour early, for a device whose clock runs behind.
    static let backdating: TimeInterval = 3_600

    let certificate: Certificate
    let privateKey: Certificate.PrivateKey

    /// A new authority named after `host`, valid from `now`, with the serial number `serial`.
    static func make(naming host: String, now: Date, serial: [UInt8]) throws -> PrivateCertificateAuthority {
        let privateKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName {
            OrganizationName("Project Manager")
            CommonName("Project Manager private CA for \(host)")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: serial), publicKey: privateKey.publicKey,
            notValidBefore: now - backdating, notValidAfter: now + lifetime, issuer: name, subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: privateKey.publicKey)
            },
            issuerPrivateKey: privateKey)
        return PrivateCertificateAuthority(certificate: certificate, privateKey: privateKey)
    }

    /// The authority kept in PEM files; throws a message naming the file that is wrong.
    static func read(certificatePath: String, keyPath: String) throws -> PrivateCertificateAuthority {
        let certificate: Certificate
        let privateKey: Certificate.PrivateKey
        do {
            certificate = try Certificate(pemEncoded: String(contentsOfFile: certificatePath, encoding: .utf8))
        } catch {
            throw TLSInitError("\(certificatePath) is not a PEM certificate (\(error)); move it away to make a new CA")
        }
        do {
            privateKey = try Certificate.PrivateKey(pemEncoded: String(contentsOfFile: keyPath, encoding: .utf8))
        } catch {
            throw TLSInitError(
                "\(keyPath) is not a PEM private key (\(error)); the CA in \(certificatePath) needs its key "
                    + "to sign, or move both away to make a new CA")
        }
        guard privateKey.publicKey == certificate.publicKey else {
            throw TLSInitError("\(keyPath) is not the private key of the CA in \(certificatePath)")
        }
        return PrivateCertificateAuthority(certificate: certificate, privateKey: privateKey)
    }

    /// A server certificate for `hosts`, signed by this authority, and its new private key.
    func issue(
        for hosts: [CertificateHost], now: Date, serial: [UInt8]
    ) throws -> (certificate: Certificate, privateKey: Certificate.PrivateKey) {
        let privateKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let authorityKey = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: serial), publicKey: privateKey.publicKey,
            notValidBefore: now - Self.backdating, notValidAfter: now + Self.serverLifetime,
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(hosts.first?.description ?? "pm-server") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(hosts.map(\.generalName))
                SubjectKeyIdentifier(hash: privateKey.publicKey)
                AuthorityKeyIdentifier(keyIdentifier: authorityKey)
            },
            issuerPrivateKey: self.privateKey)
        return (certificate, privateKey)
    }
}

/// What stops `pm-server tls init`, in the operator's words.
struct TLSInitError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
