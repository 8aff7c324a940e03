import Foundation

/// Which requests the server believes about where they came from and whom they are for.
///
/// - `allowedHosts`: the names a request's `Host` may give (`nil`: any). With one set, a page on
///   another name that resolves to this server (DNS rebinding) is refused before any route sees
///   it. Loopback names are always allowed: a rebinding attack needs its own name in `Host`.
/// - `trustedProxies`: the addresses whose `X-Forwarded-Proto` and `X-Forwarded-For` are
///   believed. From any other peer both headers are dropped, so a client cannot claim https
///   (and a `Secure` cookie's rules) or another address (and another sign-in count).
public struct RequestSources: Sendable {
    /// Host names (lower case, without a port) a request may name; `nil` for any.
    public var allowedHosts: Set<String>?
    /// Peer IP addresses of reverse proxies whose forwarding headers are believed.
    public var trustedProxies: Set<String>

    /// The loopback proxies `deploy/` sets up (nginx and Caddy on the server's own machine).
    public static let defaultTrustedProxies: Set<String> = ["127.0.0.1", "::1"]

    /// Any host, and the loopback proxies trusted.
    public static let `default` = RequestSources(allowedHosts: nil, trustedProxies: defaultTrustedProxies)

    /// A policy from its parts; host names are compared without case.
    public init(allowedHosts: Set<String>?, trustedProxies: Set<String>) {
        self.allowedHosts = allowedHosts.map { Set($0.map { $0.lowercased() }) }
        self.trustedProxies = trustedProxies
    }

    /// Whether a request whose `Host` is `authority` (`name[:port]`, `[v6]:port`) may be answered.
    public func admits(authority: String?) -> Bool {
        guard let allowedHosts else { return true }
        guard let host = authority.flatMap(Self.hostName(authority:)) else { return false }
        return allowedHosts.contains(host) || Self.loopbackNames.contains(host)
    }

    /// The client's address: `peer` itself, or, when `peer` is a trusted proxy, the nearest
    /// address in `forwardedFor` that is not one (proxies append, so the right end is the one
    /// the last trusted proxy saw; what a client wrote to the left of it is not believed).
    public func clientAddress(peer: String?, forwardedFor: String?) -> String? {
        guard let peer, trustedProxies.contains(peer), let forwardedFor else { return peer }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return hops.reversed().first { !$0.isEmpty && !trustedProxies.contains($0) } ?? peer
    }

    /// Whether forwarding headers from `peer` are believed.
    public func trusts(peer: String?) -> Bool {
        peer.map(trustedProxies.contains) ?? false
    }

    static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1"]

    /// `authority`'s host name in lower case, without port or IPv6 brackets.
    static func hostName(authority: String) -> String? {
        let text = authority.lowercased()
        if text.hasPrefix("[") {
            guard let end = text.firstIndex(of: "]") else { return nil }
            return String(text[text.index(after: text.startIndex)..<end])
        }
        let host = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        return host?.isEmpty == false ? host : nil
    }
}
