import ArgumentParser
import Foundation
import PMServer

extension Serve {
    /// The host names and proxies the server believes, from `--public-url`, `--allowed-hosts` and
    /// `--trusted-proxies`; a malformed one names its option.
    func requestSources() throws -> RequestSources {
        var hosts: Set<String>?
        if let publicURL, let host = URL(string: publicURL)?.host { hosts = [host.lowercased()] }
        if let allowedHosts {
            let names = Self.list(allowedHosts)
            guard !names.isEmpty, names.allSatisfy(Self.isHostName) else {
                throw ValidationError(
                    "--allowed-hosts must be host names or addresses, comma-separated, got \"\(allowedHosts)\"")
            }
            hosts = (hosts ?? []).union(names.map { $0.lowercased() })
        }
        let proxies = trustedProxies.lowercased() == "none" ? [] : Self.list(trustedProxies)
        guard proxies.allSatisfy(Self.isAddress) else {
            throw ValidationError(
                "--trusted-proxies must be IP addresses, comma-separated, or \"none\", got \"\(trustedProxies)\"")
        }
        return RequestSources(allowedHosts: hosts, trustedProxies: Set(proxies))
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func isHostName(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0)
        }
    }

    /// An IPv4 or IPv6 address as the connection shows a peer (no names: a proxy is known by address).
    private static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}
