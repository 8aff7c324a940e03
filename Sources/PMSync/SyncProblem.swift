import Foundation
import PMDomain

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

    /// The problem `error` stands for, or `nil` when it is not about the server (a store error,
    /// which the caller reports as it always does). `token` is blanked out of every message.
    public init?(_ error: any Error, token: String) {
        let message: String
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
}
