import Foundation
import GRDB

extension SQLiteSyncRepository {
    /// Records `change` in the credential journal, inside the transaction making it: if the
    /// journal cannot be written the change is rolled back. In memory there is no journal.
    func record(_ change: CredentialChange) throws {
        try journal?.append(change)
    }

    /// Re-applies every change of the credential journal the database does not hold — after a
    /// restore from a backup older than them — in one transaction, and answers how many it
    /// re-applied. Revoked tokens and feed keys are deleted again, each user's last password is
    /// set again, and the browser sessions of every user concerned end, as they did the first time.
    func reapplyJournal() throws -> Int {
        guard let journal else { return 0 }
        let changes = try journal.changes()
        guard !changes.isEmpty else { return 0 }
        var lastPasswords: [String: String] = [:]
        for case .passwordSet(let user, let hash) in changes { lastPasswords[user] = hash }
        return try writer.write { db in
            var reapplied = 0
            var users: Set<String> = []
            for change in changes {
                switch change {
                case .tokenRevoked(let hash):
                    let owners = try String.fetchAll(
                        db, sql: "SELECT user FROM token WHERE hash = ?", arguments: [Data(hash)])
                    try db.execute(sql: "DELETE FROM token WHERE hash = ?", arguments: [Data(hash)])
                    users.formUnion(owners)
                    reapplied += owners.count
                case .feedKeyRevoked(let hash):
                    try db.execute(sql: "DELETE FROM feed_key WHERE hash = ?", arguments: [Data(hash)])
                    reapplied += db.changesCount
                case .passwordSet: break
                }
            }
            for (user, hash) in lastPasswords {
                try db.execute(
                    sql: "UPDATE user SET passwordHash = ? WHERE name = ? AND passwordHash IS NOT ?",
                    arguments: [hash, user, hash])
                if db.changesCount > 0 {
                    users.insert(user)
                    reapplied += 1
                }
            }
            for user in users { try db.execute(sql: "DELETE FROM session WHERE user = ?", arguments: [user]) }
            return reapplied
        }
    }
}
