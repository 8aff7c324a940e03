import Foundation
import GRDB
public import PMDomain
public import PMServer
public import PMSyncProtocol

extension SQLiteSyncRepository: PushSubscriptionRepository {
    public func pushKey(orAdd new: [UInt8]) async throws -> [UInt8] {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO push_key (id, private_key) VALUES (1, ?)", arguments: [Data(new)])
            let stored = try Data.fetchOne(db, sql: "SELECT private_key FROM push_key WHERE id = 1")
            return stored.map { [UInt8]($0) } ?? new
        }
    }

    public func addPushSubscription(_ subscription: PushSubscription) async throws {
        try await writer.write { db in
            guard try Self.boardExists(db, subscription.board) else {
                throw SyncRepositoryError.boardUnknown(subscription.board)
            }
            guard try Self.isMember(db, board: subscription.board, user: subscription.user) else {
                throw SyncRepositoryError.notAMember(board: subscription.board, user: subscription.user)
            }
            if let session = subscription.session {
                guard
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM session WHERE hash = ?", arguments: [Data(session)])
                        != nil
                else { throw PushSubscriptionError.sessionEnded }
            }
            // An upsert, not a replace: replacing would delete the row, and the reminders sent with it.
            try db.execute(
                sql: """
                    INSERT INTO push_subscription (endpoint, board, user, p256dh, auth, session, time_zone)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (endpoint, board) DO UPDATE SET user = excluded.user, p256dh = excluded.p256dh,
                        auth = excluded.auth, session = excluded.session, time_zone = excluded.time_zone
                    """,
                arguments: [
                    subscription.endpoint, subscription.board.text, subscription.user.text, Data(subscription.p256dh),
                    Data(subscription.auth), subscription.session.map { Data($0) }, subscription.timeZone,
                ])
        }
    }

    public func deletePushSubscription(endpoint: String, board: BoardName, user: UserName) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM push_subscription WHERE endpoint = ? AND board = ? AND user = ?",
                arguments: [endpoint, board.text, user.text])
            return db.changesCount > 0
        }
    }

    public func deletePushSubscriptions(endpoint: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM push_subscription WHERE endpoint = ?", arguments: [endpoint])
        }
    }

    public func pushSubscriptions() async throws -> [PushSubscription] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.endpoint, s.board, s.user, s.p256dh, s.auth, s.session, s.time_zone
                    FROM push_subscription s JOIN member m ON m.board = s.board AND m.user = s.user
                    ORDER BY s.board, s.endpoint
                    """
            ).map { row in
                PushSubscription(
                    endpoint: row["endpoint"], p256dh: [UInt8](row["p256dh"] as Data),
                    auth: [UInt8](row["auth"] as Data),
                    board: BoardName(row["board"] as String), user: UserName(row["user"] as String),
                    session: (row["session"] as Data?).map { [UInt8]($0) }, timeZone: row["time_zone"])
            }
        }
    }

    public func claimPushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws -> Bool {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO push_reminder (endpoint, board, card, deadline) VALUES (?, ?, ?, ?)",
                arguments: Self.reminderArguments(reminder, endpoint: endpoint, board: board))
            return db.changesCount > 0
        }
    }

    public func releasePushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "DELETE FROM push_reminder WHERE endpoint = ? AND board = ? AND card = ? AND deadline = ?",
                arguments: Self.reminderArguments(reminder, endpoint: endpoint, board: board))
        }
    }

    private static func reminderArguments(_ reminder: Reminder, endpoint: String, board: BoardName)
        -> StatementArguments
    {
        [endpoint, board.text, reminder.projectID.uuidString.lowercased(), reminder.deadline.daysSince1970]
    }

    /// The tables' migration, appended to ``migrator`` after the others.
    static func registerPush(_ migrator: inout DatabaseMigrator) {
        // The VAPID key is a row, not a file beside the database: it then travels with the
        // backups, and every server sharing a PostgreSQL database signs with one key.
        // A subscription goes with its board, its user and the browser session that made it;
        // the reminders sent go with the subscription. A deadline is its day count since 1970.
        migrator.registerMigration("v8: push subscriptions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE push_key (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        private_key BLOB NOT NULL CHECK (length(private_key) = 32)
                    );
                    CREATE TABLE push_subscription (
                        endpoint TEXT NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 1024),
                        board TEXT NOT NULL REFERENCES board(name) ON DELETE CASCADE,
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        p256dh BLOB NOT NULL CHECK (length(p256dh) = 65),
                        auth BLOB NOT NULL CHECK (length(auth) = 16),
                        session BLOB REFERENCES session(hash) ON DELETE CASCADE,
                        time_zone TEXT,
                        PRIMARY KEY (endpoint, board)
                    ) WITHOUT ROWID;
                    CREATE INDEX push_subscription_session ON push_subscription(session);
                    CREATE TABLE push_reminder (
                        endpoint TEXT NOT NULL,
                        board TEXT NOT NULL,
                        card TEXT NOT NULL CHECK (length(card) = 36),
                        deadline INTEGER NOT NULL,
                        PRIMARY KEY (endpoint, board, card, deadline),
                        FOREIGN KEY (endpoint, board) REFERENCES push_subscription(endpoint, board) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
