import Foundation
import PMDomain
public import PMSyncProtocol

/// The one-time invitation a server started with no user at all prints: its link opens the
/// welcome page, which creates the first user (with a password) and their first board. The
/// code is random (injected bytes), valid until used once or until the process stops (it is
/// kept nowhere else), and the page refuses as soon as any user exists.
public actor FirstRun {
    /// Checks a password with the rule `pm-server user password` applies, throwing an error
    /// whose description tells the person what to change.
    public typealias CheckPassword = @Sendable (_ password: String) throws -> Void
    /// Stores a checked password of an existing user (as its hash).
    public typealias SetPassword = @Sendable (_ user: UserName, _ password: String) async throws -> Void

    /// The code in the link.
    public nonisolated let code: String
    let checkPassword: CheckPassword
    let setPassword: SetPassword
    private var used = false

    /// An invitation whose code is made of 16 bytes from `randomBytes`; `checkPassword` and
    /// `setPassword` check and store the first user's password.
    public init(
        randomBytes: [UInt8], checkPassword: @escaping CheckPassword, setPassword: @escaping SetPassword
    ) {
        code = randomBytes.lowercaseHex
        self.checkPassword = checkPassword
        self.setPassword = setPassword
    }

    /// The link to print for a server people reach at `publicURL` (`https://pm.example.org`).
    public nonisolated func link(publicURL: String) -> String {
        (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + "/welcome?code=\(code)"
    }

    /// The link to print for a server reached at `host`:`port`, over https when `secure`.
    public nonisolated func link(host: String, port: Int, secure: Bool = false) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        let authority = shown.contains(":") ? "[\(shown)]" : shown
        return "\(secure ? "https" : "http")://\(authority):\(port)/welcome?code=\(code)"
    }

    /// Whether `candidate` is the code, not used yet (compared in constant time).
    func accepts(_ candidate: String?) -> Bool {
        guard !used, let candidate else { return false }
        let left = Array(code.utf8)
        let right = Array(candidate.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Uses the code up: the welcome page will not open again.
    func markUsed() {
        used = true
    }
}
