import Foundation
import PMDomain
public import PMServer
public import PMSyncProtocol
public import PostgresNIO

/// The server's repository on PostgreSQL, which several `pm-server` processes may share: each
/// board's head sequence number is a row that a push locks (`SELECT … FOR UPDATE`) in the
/// transaction that stores the operations, so numbers stay gap-free and ordered across
/// processes, and every push that appends operations notifies ``notificationChannel``.
public struct PostgresSyncRepository: SyncRepository {
    /// The channel each push that appends operations notifies, with a ``BoardHeadNotification``
    /// in JSON as payload.
    public static let notificationChannel = "pm_board_ops"

    /// The connection pool, the primary's among several hosts: a service, whose `run()` must be
    /// running while the repository is used.
    public let client: PostgresPrimary
    let logger: Logger

    /// A repository over `client`, whose `run()` the caller keeps running; call ``migrate()``
    /// before its first use.
    public init(client: PostgresClient, logger: Logger) {
        self.client = PostgresPrimary(client: client)
        self.logger = logger
    }

    /// A repository on the database at `url` (``PostgresURL``: one host, or a cluster's) with a
    /// pool of its own: run ``client`` (as one of the application's services) and ``migrate()``
    /// (before the server starts) before using it. `clock` paces the search for a cluster's primary.
    public init(url: String, clock: any Clock<Duration>, logger: Logger) throws {
        self.client = PostgresPrimary(url: try PostgresURL(url), clock: clock, logger: logger)
        self.logger = logger
    }

    /// Runs `body` with a repository on the database at `url` (``PostgresURL``), its client
    /// running (probing for a primary on `clock`) and its schema migrated for the body's duration.
    public static func withRepository<Result: Sendable>(
        url: String, clock: any Clock<Duration>, logger: Logger,
        _ body: (PostgresSyncRepository) async throws -> Result
    ) async throws -> Result {
        let repository = try PostgresSyncRepository(url: url, clock: clock, logger: logger)
        return try await PoolRun.whileRunning({ await repository.client.run() }, clock: clock, logger: logger) {
            try await repository.migrate()
            return try await body(repository)
        }
    }

    /// The client's logger: `logger`, quiet below errors, since the pool warns of every lease
    /// that comes before `run()` has started, which only waits for it.
    public static func backgroundLogger(_ logger: Logger) -> Logger {
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        return background
    }

    public func addUser(name: UserName) async throws {
        // A name that differs from another only in case is refused with it; names are ASCII
        // (ServerName.rule), so lower() folds every letter they can hold.
        let rows = try await client.query(
            """
            INSERT INTO users (name) SELECT \(name.text)
            WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(name) = lower(\(name.text)))
            ON CONFLICT DO NOTHING RETURNING name
            """, logger: logger)
        guard try await rows.decode(String.self).first(where: { _ in true }) != nil else {
            let existing = try await client.query(
                "SELECT name FROM users WHERE lower(name) = lower(\(name.text)) LIMIT 1", logger: logger)
            let found = try await existing.decode(String.self).first(where: { _ in true })
            throw SyncRepositoryError.userExists(name, as: found ?? name.text)
        }
    }

    public func addToken(_ token: StoredToken) async throws {
        let rows = try await client.query(
            """
            INSERT INTO tokens (prefix, hash, user_name, created_at)
            SELECT \(token.prefix), \(ByteBuffer(bytes: token.hash)), name, \(token.created)
            FROM users WHERE name = \(token.user.text)
            RETURNING prefix
            """, logger: logger)
        guard try await rows.decode(String.self).first(where: { _ in true }) != nil else {
            throw SyncRepositoryError.userUnknown(token.user)
        }
    }

    public func tokens(prefix: String) async throws -> [StoredToken] {
        let rows = try await client.query(
            "SELECT prefix, hash, user_name FROM tokens WHERE prefix = \(prefix)", logger: logger)
        var tokens: [StoredToken] = []
        for try await (prefix, hash, user) in rows.decode((String, ByteBuffer, String).self) {
            tokens.append(StoredToken(user: UserName(user), prefix: prefix, hash: Array(hash.readableBytesView)))
        }
        return tokens
    }

    public func revokeToken(prefix: String) async throws -> UserName {
        try await transaction { connection in
            let rows = try await connection.query(
                "SELECT hash, user_name FROM tokens WHERE starts_with(prefix, \(prefix)) LIMIT 2 FOR UPDATE",
                logger: logger)
            var found: [(hash: ByteBuffer, user: String)] = []
            for try await (hash, user) in rows.decode((ByteBuffer, String).self) { found.append((hash, user)) }
            guard let token = found.first else { throw SyncRepositoryError.tokenUnknown(prefix) }
            guard found.count == 1 else { throw SyncRepositoryError.tokenAmbiguous(prefix) }
            try await connection.query("DELETE FROM tokens WHERE hash = \(token.hash)", logger: logger)
            // A revoked token ends the user's browser sessions in the same transaction.
            try await connection.query("DELETE FROM sessions WHERE user_name = \(token.user)", logger: logger)
            return UserName(token.user)
        }
    }

    public func setPassword(hash: String, user: UserName) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                "UPDATE users SET password_hash = \(hash) WHERE name = \(user.text) RETURNING name", logger: logger)
            guard try await rows.decode(String.self).first(where: { _ in true }) != nil else {
                throw SyncRepositoryError.userUnknown(user)
            }
            // A new password ends the user's browser sessions in the same transaction.
            try await connection.query("DELETE FROM sessions WHERE user_name = \(user.text)", logger: logger)
        }
    }

    public func passwordHash(user: UserName) async throws -> String? {
        let rows = try await client.query("SELECT password_hash FROM users WHERE name = \(user.text)", logger: logger)
        return try await rows.decode(String?.self).first(where: { _ in true }) ?? nil
    }

    public func addBoard(_ board: BoardName, members: [UserName]) async throws {
        try await transaction { connection in
            let existing = try await connection.query(
                "SELECT name FROM boards WHERE lower(name) = lower(\(board.text)) LIMIT 1", logger: logger)
            if let found = try await existing.decode(String.self).first(where: { _ in true }) {
                throw SyncRepositoryError.boardExists(board, as: found)
            }
            let inserted = try await connection.query(
                "INSERT INTO boards (name) VALUES (\(board.text)) ON CONFLICT DO NOTHING RETURNING name", logger: logger
            )
            guard try await inserted.decode(String.self).first(where: { _ in true }) != nil else {
                throw SyncRepositoryError.boardExists(board)
            }
            let rows = try await connection.query(
                "SELECT name FROM users WHERE name = ANY(\(members.map(\.text)))", logger: logger)
            var known: Set<UserName> = []
            for try await name in rows.decode(String.self) { known.insert(UserName(name)) }
            if let unknown = members.first(where: { !known.contains($0) }) {
                throw SyncRepositoryError.userUnknown(unknown)
            }
            try await connection.query(
                """
                INSERT INTO members (board, user_name) SELECT \(board.text), name FROM UNNEST(\(members.map(\.text))::text[]) AS name
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    public func grant(board: BoardName, user: UserName) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM boards WHERE name = \(board.text)),
                       EXISTS (SELECT 1 FROM users WHERE name = \(user.text))
                """, logger: logger)
            var exists = (board: false, user: false)
            for try await (board, user) in rows.decode((Bool, Bool).self) { exists = (board, user) }
            guard exists.board else { throw SyncRepositoryError.boardUnknown(board) }
            guard exists.user else { throw SyncRepositoryError.userUnknown(user) }
            try await connection.query(
                "INSERT INTO members (board, user_name) VALUES (\(board.text), \(user.text)) ON CONFLICT DO NOTHING",
                logger: logger)
        }
    }

    public func isMember(board: BoardName, user: UserName) async throws -> Bool {
        let rows = try await client.query(
            "SELECT EXISTS (SELECT 1 FROM members WHERE board = \(board.text) AND user_name = \(user.text))",
            logger: logger)
        return try await rows.decode(Bool.self).first(where: { _ in true }) ?? false
    }

    /// Runs `body` in one transaction begun with `begin`: committed when it returns, rolled back
    /// when it throws, rethrowing its error as is.
    func transaction<Result: Sendable>(
        _ begin: PostgresQuery = "BEGIN", _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection { connection in
            try await connection.query(begin, logger: logger)
            let result: Result
            do {
                result = try await body(connection)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
            try await connection.query("COMMIT", logger: logger)
            return result
        }
    }
}

extension PostgresSyncRepository {
    /// LISTENs on ``notificationChannel`` on one connection of the pool and publishes each
    /// board head that any process sharing the database announces, this one's included. Once
    /// listening, it publishes every board's stored head, since announcements made while it was
    /// not (a failover, a dropped connection) are not sent again; and it throws when the LISTEN
    /// ends, so that the follower subscribes again, on the new primary after a failover.
    public func followHeads(_ publish: @escaping @Sendable (_ board: BoardName, _ head: Int64) -> Void) async throws {
        let decoder = JSONDecoder()
        try await client.withConnection { connection in
            try await connection.listen(on: Self.notificationChannel) { notifications in
                // Read on another connection of the pool: this one is busy listening.
                let heads = try await client.query("SELECT name, head FROM boards WHERE head > 0", logger: logger)
                for try await (board, head) in heads.decode((String, Int64).self) { publish(BoardName(board), head) }
                for try await notification in notifications {
                    guard
                        let announced = try? decoder.decode(
                            BoardHeadNotification.self, from: Data(notification.payload.utf8))
                    else {
                        logger.warning(
                            "unreadable board head notification", metadata: ["payload": "\(notification.payload)"])
                        continue
                    }
                    publish(BoardName(announced.board), announced.head)
                }
            }
        }
        if !Task.isCancelled { throw ListenEnded() }
    }
}

/// The LISTEN connection ended without an error: followed again like a failure.
struct ListenEnded: Error, CustomStringConvertible {
    var description: String { "the connection listening for board heads ended" }
}
