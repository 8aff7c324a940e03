public import Foundation
public import PMServer
public import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    /// When each token was made and last signed someone in; NULL for tokens made before, and
    /// until first used.
    static let tokenTimesMigration = Migration(
        name: "v8: token times",
        statements: [
            "ALTER TABLE tokens ADD COLUMN created_at TIMESTAMPTZ",
            "ALTER TABLE tokens ADD COLUMN last_used_at TIMESTAMPTZ",
            "CREATE INDEX tokens_user_name ON tokens(user_name)",
        ])

    public func users() async throws -> [UserName] {
        let rows = try await client.query("SELECT name FROM users ORDER BY name COLLATE \"C\"", logger: logger)
        return try await rows.decode(String.self).reduce(into: []) { $0.append(UserName($1)) }
    }

    public func boards() async throws -> [BoardName] {
        let rows = try await client.query("SELECT name FROM boards ORDER BY name COLLATE \"C\"", logger: logger)
        return try await rows.decode(String.self).reduce(into: []) { $0.append(BoardName($1)) }
    }

    public func members(board: BoardName) async throws -> [UserName] {
        try await transaction { connection in
            try await Self.requireBoard(board, connection, logger: logger)
            let rows = try await connection.query(
                "SELECT user_name FROM members WHERE board = \(board.text) ORDER BY user_name COLLATE \"C\"",
                logger: logger)
            return try await rows.decode(String.self).reduce(into: []) { $0.append(UserName($1)) }
        }
    }

    public func tokens(user: UserName) async throws -> [TokenSummary] {
        try await transaction { connection in
            try await Self.requireUser(user, connection, logger: logger)
            let rows = try await connection.query(
                """
                SELECT prefix, created_at, last_used_at FROM tokens WHERE user_name = \(user.text)
                ORDER BY created_at NULLS FIRST, prefix
                """, logger: logger)
            var tokens: [TokenSummary] = []
            for try await (prefix, created, lastUsed) in rows.decode((String, Date?, Date?).self) {
                tokens.append(TokenSummary(prefix: prefix, created: created, lastUsed: lastUsed))
            }
            return tokens
        }
    }

    public func recordTokenUse(hash: [UInt8], at time: Date) async throws {
        try await client.query(
            "UPDATE tokens SET last_used_at = \(time) WHERE hash = \(ByteBuffer(bytes: hash))", logger: logger)
    }

    public func revokeTokens(user: UserName) async throws -> Int {
        try await transaction { connection in
            try await Self.requireUser(user, connection, logger: logger)
            let rows = try await connection.query(
                "DELETE FROM tokens WHERE user_name = \(user.text) RETURNING prefix", logger: logger)
            let count = try await rows.decode(String.self).reduce(0) { count, _ in count + 1 }
            try await connection.query("DELETE FROM sessions WHERE user_name = \(user.text)", logger: logger)
            return count
        }
    }

    public func removeMember(board: BoardName, user: UserName) async throws -> [StoredFeedKey] {
        try await transaction { connection in
            try await Self.requireBoard(board, connection, logger: logger)
            let removed = try await connection.query(
                "DELETE FROM members WHERE board = \(board.text) AND user_name = \(user.text) RETURNING board",
                logger: logger)
            guard try await removed.decode(String.self).first(where: { _ in true }) != nil else {
                throw SyncRepositoryError.notOnBoard(board: board, user: user)
            }
            let rows = try await connection.query(
                """
                DELETE FROM feed_keys WHERE board = \(board.text) AND user_name = \(user.text)
                RETURNING prefix, hash
                """, logger: logger)
            var keys: [StoredFeedKey] = []
            for try await (prefix, hash) in rows.decode((String, ByteBuffer).self) {
                keys.append(
                    StoredFeedKey(user: user, board: board, prefix: prefix, hash: Array(hash.readableBytesView)))
            }
            return keys
        }
    }

    private static func requireUser(_ user: UserName, _ connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query(
            "SELECT EXISTS (SELECT 1 FROM users WHERE name = \(user.text))", logger: logger)
        guard try await rows.decode(Bool.self).first(where: { _ in true }) == true else {
            throw SyncRepositoryError.userUnknown(user)
        }
    }

    private static func requireBoard(_ board: BoardName, _ connection: PostgresConnection, logger: Logger) async throws
    {
        let rows = try await connection.query(
            "SELECT EXISTS (SELECT 1 FROM boards WHERE name = \(board.text))", logger: logger)
        guard try await rows.decode(Bool.self).first(where: { _ in true }) == true else {
            throw SyncRepositoryError.boardUnknown(board)
        }
    }
}
