import PMDomain
import PMStore
import PMSync
import PMSyncClient

/// The way from this board to its remote over HTTP, built only once a command knows a remote is
/// set: the ``SyncLink`` makes its client when a request is about to go, so a board without a
/// remote, or with nothing to send, never builds one.
enum ServerLink {
    /// The link of `database` to `remote`, in `environment`'s time.
    static func link(_ database: AppDatabase, to remote: Remote, environment: PMDomain.Environment) -> SyncLink {
        SyncLink(database: database, remote: remote, environment: environment) { timeout in
            HTTPSyncTransport(
                serverURL: remote.url, board: remote.board, token: remote.token, clock: environment.clock,
                timeout: timeout)
        }
    }

    /// The token as it may be shown: its first characters, never the whole.
    static func masked(_ token: String) -> String {
        Remote.masked(token)
    }

    /// What to tell a user who asks to sync a board without a remote.
    static let noRemote = "no remote set: pm remote set URL --board BOARD --token TOKEN"
}
