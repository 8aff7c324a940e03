import Foundation
import PMDomain
import PMStore
import PMSync
import PMSyncClient

/// The way from this board to its remote, made only once a command knows a remote is set, so a
/// board without one never builds an HTTP client.
struct ServerLink {
    let database: AppDatabase
    let remote: Remote

    /// The live transport, each request allowed `timeout`.
    func transport(timeout: Duration) -> any SyncTransport {
        HTTPSyncTransport(
            serverURL: remote.url, board: remote.board, token: remote.token, timeout: timeout)
    }

    /// `error` as a ``SyncProblem``, recorded in the database (stopping sync when retrying cannot
    /// help); an error that is not about the server is thrown again as it is.
    func record(_ error: any Error) throws -> SyncProblem {
        guard let problem = SyncProblem(error, token: remote.token) else { throw error }
        try database.recordSyncFailure(problem.description, stopped: problem.stops)
        return problem
    }

    /// The token as it may be shown: its first characters, never the whole.
    static func masked(_ token: String) -> String {
        token.count > 12 ? String(token.prefix(7)) + "…" : "…"
    }

    /// What to tell a user who asks to sync a board without a remote.
    static let noRemote = "no remote set: pm remote set URL --board BOARD --token TOKEN"
}
