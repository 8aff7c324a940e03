import Foundation
public import PMDomain
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository: PushSubscriptionRepository {
    public func pushKey(orAdd new: [UInt8]) async throws -> [UInt8] {
        // Servers starting at once each offer a key; the first one stored is everyone's.
        try await client.query(
            "INSERT INTO push_keys (id, private_key) VALUES (1, \(ByteBuffer(bytes: new))) ON CONFLICT DO NOTHING",
            logger: logger)
        let rows = try await client.query("SELECT private_key FROM push_keys WHERE id = 1", logger: logger)
        for try await key in rows.decode(ByteBuffer.self) { return Array(key.readableBytesView) }
        return new
    }

    public func addPushSubscription(_ subscription: PushSubscription) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM boards WHERE name = \(subscription.board.text)),
                    EXISTS (SELECT 1 FROM members WHERE board = \(subscription.board.text)
                        AND user_name = \(subscription.user.text)),
                    EXISTS (SELECT 1 FROM sessions WHERE hash = \(subscription.session.map { ByteBuffer(bytes: $0) }))
                """, logger: logger)
            var found = (board: false, member: false, session: false)
            for try await row in rows.decode((Bool, Bool, Bool).self) { found = row }
            guard found.board else { throw SyncRepositoryError.boardUnknown(subscription.board) }
            guard found.member else {
                throw SyncRepositoryError.notAMember(board: subscription.board, user: subscription.user)
            }
            guard subscription.session == nil || found.session else { throw PushSubscriptionError.sessionEnded }
            try await connection.query(
                """
                INSERT INTO push_subscriptions (endpoint, board, user_name, p256dh, auth, session, time_zone)
                VALUES (\(subscription.endpoint), \(subscription.board.text), \(subscription.user.text),
                    \(ByteBuffer(bytes: subscription.p256dh)), \(ByteBuffer(bytes: subscription.auth)),
                    \(subscription.session.map { ByteBuffer(bytes: $0) }), \(subscription.timeZone))
                ON CONFLICT (endpoint, board) DO UPDATE SET user_name = EXCLUDED.user_name, p256dh = EXCLUDED.p256dh,
                    auth = EXCLUDED.auth, session = EXCLUDED.session, time_zone = EXCLUDED.time_zone
                """, logger: logger)
        }
    }

    public func deletePushSubscription(endpoint: String, board: BoardName, user: UserName) async throws -> Bool {
        let rows = try await client.query(
            """
            DELETE FROM push_subscriptions WHERE endpoint = \(endpoint) AND board = \(board.text)
                AND user_name = \(user.text) RETURNING endpoint
            """, logger: logger)
        return try await rows.decode(String.self).first(where: { _ in true }) != nil
    }

    public func deletePushSubscriptions(endpoint: String) async throws {
        try await client.query("DELETE FROM push_subscriptions WHERE endpoint = \(endpoint)", logger: logger)
    }

    public func pushSubscriptions() async throws -> [PushSubscription] {
        let rows = try await client.query(
            """
            SELECT s.endpoint, s.board, s.user_name, s.p256dh, s.auth, s.session, s.time_zone
            FROM push_subscriptions s JOIN members m ON m.board = s.board AND m.user_name = s.user_name
            ORDER BY s.board COLLATE "C", s.endpoint COLLATE "C"
            """, logger: logger)
        var subscriptions: [PushSubscription] = []
        for try await (endpoint, board, user, p256dh, auth, session, timeZone) in rows.decode(
            (String, String, String, ByteBuffer, ByteBuffer, ByteBuffer?, String?).self)
        {
            subscriptions.append(
                PushSubscription(
                    endpoint: endpoint, p256dh: Array(p256dh.readableBytesView), auth: Array(auth.readableBytesView),
                    board: BoardName(board), user: UserName(user), session: session.map { Array($0.readableBytesView) },
                    timeZone: timeZone))
        }
        return subscriptions
    }

    public func claimPushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws -> Bool {
        let rows = try await client.query(
            """
            INSERT INTO push_reminders (endpoint, board, card, deadline)
            VALUES (\(endpoint), \(board.text), \(reminder.projectID), \(reminder.deadline.daysSince1970))
            ON CONFLICT DO NOTHING RETURNING card
            """, logger: logger)
        return try await rows.decode(UUID.self).first(where: { _ in true }) != nil
    }

    public func releasePushReminder(_ reminder: Reminder, endpoint: String, board: BoardName) async throws {
        try await client.query(
            """
            DELETE FROM push_reminders WHERE endpoint = \(endpoint) AND board = \(board.text)
                AND card = \(reminder.projectID) AND deadline = \(reminder.deadline.daysSince1970)
            """, logger: logger)
    }

    /// The VAPID key is a row, so every server sharing the database signs with the one key the
    /// browsers subscribed with. A subscription goes with its board, its user and the browser
    /// session that made it; the reminders sent go with the subscription.
    static var pushMigration: Migration {
        Migration(
            name: "v9: push subscriptions",
            statements: [
                """
                CREATE TABLE push_keys (
                    id SMALLINT PRIMARY KEY CHECK (id = 1),
                    private_key BYTEA NOT NULL CHECK (length(private_key) = 32)
                )
                """,
                """
                CREATE TABLE push_subscriptions (
                    endpoint TEXT NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 1024),
                    board TEXT NOT NULL REFERENCES boards(name) ON DELETE CASCADE,
                    user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
                    p256dh BYTEA NOT NULL CHECK (length(p256dh) = 65),
                    auth BYTEA NOT NULL CHECK (length(auth) = 16),
                    session BYTEA REFERENCES sessions(hash) ON DELETE CASCADE,
                    time_zone TEXT,
                    PRIMARY KEY (endpoint, board)
                )
                """,
                "CREATE INDEX push_subscriptions_session ON push_subscriptions(session)",
                """
                CREATE TABLE push_reminders (
                    endpoint TEXT NOT NULL,
                    board TEXT NOT NULL,
                    card UUID NOT NULL,
                    deadline BIGINT NOT NULL,
                    PRIMARY KEY (endpoint, board, card, deadline),
                    FOREIGN KEY (endpoint, board) REFERENCES push_subscriptions(endpoint, board) ON DELETE CASCADE
                )
                """,
            ])
    }
}
