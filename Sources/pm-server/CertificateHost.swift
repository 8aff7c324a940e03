import Foundation
import SwiftASN1
import X509

/// A name a server certificate is made for: a DNS name (`pm.local`, `localhost`) or an IP
/// address (`192.168.1.20`, `::1`), as devices will type it in the server's URL.
struct CertificateHost: Hashable, Sendable, CustomStringConvertible {
    /// The name as given, lower-cased for a DNS name.
    let description: String
    /// How the certificate's subject alternative names carry it.
    let generalName: GeneralName

    /// `text` as a host, or a message naming the rule it broke.
    static func parse(_ text: String) -> Result<CertificateHost, CertificateHostError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let bare = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") ? String(trimmed.dropFirst().dropLast()) : trimmed
        if let address = Self.addressBytes(bare) {
            return .success(
                CertificateHost(description: bare, generalName: .ipAddress(ASN1OctetString(contentBytes: address[...])))
            )
        }
        let name = bare.lowercased()
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
            return .failure(
                CertificateHostError(
                    "--host \(text): a name in another script is written in its ASCII form (xn--…) in a "
                        + "certificate; give that form, as `idn2` prints it"))
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard !name.isEmpty, name.count <= 253,
            labels.allSatisfy({
                !$0.isEmpty && $0.count <= 63 && $0.allSatisfy(allowed.contains) && $0.first != "-" && $0.last != "-"
            })
        else {
            return .failure(
                CertificateHostError(
                    "--host \(text) is neither an IP address nor a host name (letters, digits and hyphens, "
                        + "in labels separated by dots, like pm.local)"))
        }
        return .success(CertificateHost(description: name, generalName: .dnsName(name)))
    }

    /// The address's bytes in network order, when `text` is an IPv4 or IPv6 address.
    private static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

/// A `--host` that cannot go in a certificate.
struct CertificateHostError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
