import Foundation
import PMDomain
public import PMStore

/// Why a sync (a round, the push after a command, a status probe) did not get through, sorted by
/// what the user does about it: wait (the server is down, the network is gone) or act (the token
/// was revoked, the board removed, the server's board replaced). The board and the command line
/// show the same words, because both take them from here.
public struct SyncProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, safe to show and to keep: the token never appears in it.
    public let description: String
    /// Whether retrying cannot help until the user acts, so syncing stops.
    public let stops: Bool
    /// Whether the server answered at all (`false`: it cannot be reached).
    public let answered: Bool
    /// Whether the server refused the token itself (401): it is not sent again until
    /// `pm remote set` gives another.
    public let tokenRefused: Bool

    /// The problem `error` stands for, or `nil` when it is not about the server (a store error,
    /// which the caller reports as it always does). `token` is blanked out of every message.
    public init?(_ error: any Error, token: String) {
        self.init(error, remote: Remote(url: "URL", board: "BOARD", token: token))
    }

    /// The problem `error` stands for on the way to `remote`, or `nil` when it is not about the
    /// server. The token is blanked out of every message; a refused one is named by its first
    /// characters, with the command that sets a new one.
    public init?(_ error: any Error, remote: Remote) {
        if case SyncTransportError.refused(status: 401, _, _) = error {
            self = .tokenRefused(remote)
            return
        }
        let token = remote.token
        let message: String
        tokenRefused = false
        switch error {
        case let error as SyncTransportError:
            message = "\(error)"
            stops = !error.isRetryable
            if case .unreachable = error { answered = false } else { answered = true }
        case let error as TimeLimit.Exceeded:
            message = "\(error)"
            stops = false
            answered = false
        case let error as SyncRoundError:
            message = "\(error)"
            stops = true
            answered = true
        case let violation as RuleViolation:
            // Only an operation pulled from the server can break a rule during sync.
            message = "the server sent a change that breaks a rule (\(violation)); syncing stopped"
            stops = true
            answered = true
        default:
            return nil
        }
        description = token.isEmpty ? message : message.replacingOccurrences(of: token, with: "<token>")
    }

    private init(description: String, stops: Bool, answered: Bool, tokenRefused: Bool) {
        self.description = description
        self.stops = stops
        self.answered = answered
        self.tokenRefused = tokenRefused
    }

    /// The server no longer accepts `remote`'s token (revoked, or never issued there).
    public static func tokenRefused(_ remote: Remote) -> SyncProblem {
        SyncProblem(
            description: "the server no longer accepts token \(Remote.masked(remote.token)) "
                + "(revoked, or not issued by this server); set a new one with \(remote.setAgain)",
            stops: true, answered: true, tokenRefused: true)
    }
}
