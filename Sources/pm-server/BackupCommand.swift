import ArgumentParser
import PMServerSQLite

/// `pm-server backup PATH`: a consistent copy of the server's SQLite store, taken while it serves.
struct BackupCommand: StartedCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the server's SQLite database to a new file, consistently, while it serves.",
        discussion: """
            The copy is one snapshot: a push is in it whole or not at all. To restore, stop the \
            server and put the copy in the database's place; devices that saw later operations \
            send them again at their next sync.

            A restore rolls back users, boards, members, tokens and feed keys added since the copy \
            (add them again) and signs every browser out of sessions begun since. It does not roll \
            back revocations or passwords: each revoked token, revoked feed key and new password is \
            also kept in DATABASE.credentials beside the database (0600; not in the copy), and the \
            next start re-applies them. Keep that file when you restore; copy it with the backup \
            only if you move the server to another machine.

            On PostgreSQL, use pg_dump instead (a pg_restore brings revoked credentials back: \
            revoke them again after one).
            """)

    @Argument(help: "The new file to write (it must not exist).") var path: String
    @OptionGroup var database: DatabaseOptions

    func run(_ startUp: StartUp) async throws {
        switch database.store(startUp) {
        case .sqlite(let file):
            try await SQLiteSyncRepository.open(path: file, creatingIfMissing: false).backup(to: path)
            print("Backed up \(file) to \(path)")
        case .postgres:
            throw ValidationError(
                "pm-server backup copies a SQLite database; for PostgreSQL use pg_dump (pg_dump -Fc URL > FILE)")
        }
    }
}
