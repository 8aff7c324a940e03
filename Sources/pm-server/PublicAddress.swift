import ArgumentParser
import Foundation

/// The server's address as browsers and calendar apps reach it (`--public-url`, `--base-url`):
/// checked before anything is made, so a broken one is never printed with a new secret.
enum PublicAddress {
    /// Refuses `text` unless it is `http(s)://HOST[:PORT][/PATH]`, naming `option` and the rule.
    static func check(_ text: String, option: String) throws {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
        else {
            throw ValidationError("\(option) must be http(s)://HOST[:PORT][/PATH], got \"\(text)\"")
        }
    }
}
