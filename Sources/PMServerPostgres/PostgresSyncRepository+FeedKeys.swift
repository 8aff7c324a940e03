public import PMServer
import PMSyncProtocol
import PostgresNIO

extension PostgresSyncRepository {
    public func addFeedKey(_ key: StoredFeedKey) async throws {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM users WHERE name = \(key.user.text)),
                       EXISTS (SELECT 1 FROM boards WHERE name = \(key.board.text)),
                       EXISTS (SELECT 1 FROM members WHERE board = \(key.board.text) AND user_name = \(key.user.text))
                """, logger: logger)
            var exists = (user: false, board: false, member: false)
            for try await (user, board, member) in rows.decode((Bool, Bool, Bool).self) {
                exists = (user, board, member)
            }
            guard exists.user else { throw SyncRepositoryError.userUnknown(key.user) }
            guard exists.board else { throw SyncRepositoryError.boardUnknown(key.board) }
            guard exists.member else { throw SyncRepositoryError.notAMember(board: key.board, user: key.user) }
            try await connection.query(
                """
                INSERT INTO feed_keys (prefix, hash, user_name, board)
                VALUES (\(key.prefix), \(ByteBuffer(bytes: key.hash)), \(key.user.text), \(key.board.text))
                """, logger: logger)
        }
    }

    public func feedKeys(prefix: String) async throws -> [StoredFeedKey] {
        let rows = try await client.query(
            "SELECT prefix, hash, user_name, board FROM feed_keys WHERE prefix = \(prefix)", logger: logger)
        var keys: [StoredFeedKey] = []
        for try await (prefix, hash, user, board) in rows.decode((String, ByteBuffer, String, String).self) {
            keys.append(
                StoredFeedKey(
                    user: UserName(user), board: BoardName(board), prefix: prefix, hash: Array(hash.readableBytesView)))
        }
        return keys
    }

    public func revokeFeedKey(prefix: String) async throws -> StoredFeedKey {
        try await transaction { connection in
            let rows = try await connection.query(
                """
                SELECT prefix, hash, user_name, board FROM feed_keys WHERE starts_with(prefix, \(prefix))
                LIMIT 2 FOR UPDATE
                """, logger: logger)
            var found: [StoredFeedKey] = []
            for try await (prefix, hash, user, board) in rows.decode((String, ByteBuffer, String, String).self) {
                found.append(
                    StoredFeedKey(
                        user: UserName(user), board: BoardName(board), prefix: prefix,
                        hash: Array(hash.readableBytesView)))
            }
            guard let key = found.first else { throw SyncRepositoryError.feedKeyUnknown(prefix) }
            guard found.count == 1 else { throw SyncRepositoryError.feedKeyAmbiguous(prefix) }
            try await connection.query(
                "DELETE FROM feed_keys WHERE hash = \(ByteBuffer(bytes: key.hash))", logger: logger)
            return key
        }
    }
}
