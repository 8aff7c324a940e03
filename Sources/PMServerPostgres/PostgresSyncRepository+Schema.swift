import PMDomain
import PMServer
import PostgresNIO

extension PostgresSyncRepository {
    /// A named change to the schema, applied once and recorded in `pm_migrations`.
    struct Migration {
        var name: String
        var statements: [PostgresQuery]
    }

    /// The schema's history: named migrations, only ever appended.
    static let migrations: [Migration] = [
        Migration(
            name: "v1: users, tokens, boards, members, operations, projects",
            statements: [
                "CREATE TABLE users (name TEXT PRIMARY KEY CHECK (length(name) > 0))",
                """
                CREATE TABLE tokens (
                    prefix TEXT NOT NULL,
                    hash BYTEA NOT NULL UNIQUE CHECK (length(hash) = 32),
                    user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX tokens_prefix ON tokens(prefix)",
                // `head` is the board's latest sequence number: the row a push locks to number
                // its operations, so pushes to one board take turns across every process.
                """
                CREATE TABLE boards (
                    name TEXT PRIMARY KEY CHECK (length(name) > 0),
                    head BIGINT NOT NULL DEFAULT 0 CHECK (head >= 0)
                )
                """,
                """
                CREATE TABLE members (
                    board TEXT NOT NULL REFERENCES boards(name) ON DELETE CASCADE,
                    user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
                    PRIMARY KEY (board, user_name)
                )
                """,
                """
                CREATE TABLE operations (
                    board TEXT NOT NULL REFERENCES boards(name),
                    seq BIGINT NOT NULL CHECK (seq > 0),
                    id UUID NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (board, seq),
                    UNIQUE (board, id)
                )
                """,
                // Each project's fields merged over every operation stored; kept in the
                // transaction that stores them, so it always reflects the board's head.
                """
                CREATE TABLE projects (
                    board TEXT NOT NULL REFERENCES boards(name),
                    id UUID NOT NULL,
                    state TEXT NOT NULL,
                    PRIMARY KEY (board, id)
                )
                """,
            ]),
        // A calendar feed key opens one board's feed for one user, who must stay a member of
        // it: the key goes when either goes.
        Migration(
            name: "v2: feed keys",
            statements: [
                """
                CREATE TABLE feed_keys (
                    prefix TEXT NOT NULL,
                    hash BYTEA NOT NULL UNIQUE CHECK (length(hash) = 32),
                    user_name TEXT NOT NULL REFERENCES users(name) ON DELETE CASCADE,
                    board TEXT NOT NULL REFERENCES boards(name) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX feed_keys_prefix ON feed_keys(prefix)",
            ]),
        sessionsMigration,
        // A user's password, as its bcrypt hash; NULL until one is set.
        Migration(
            name: "v4: passwords",
            statements: [
                "ALTER TABLE users ADD COLUMN password_hash TEXT CHECK (length(password_hash) > 0)"
            ]),
        // The user whose push stored each operation; NULL for those stored before (unknown).
        Migration(name: "v5: operation authors", statements: ["ALTER TABLE operations ADD COLUMN author TEXT"]),
        calendarTextsMigration,
        pushWithoutBoardKeysMigration,
        tokenTimesMigration,
        pushMigration,
    ]

    /// The key of the advisory lock migrations run under, so servers starting at once take turns.
    static let migrationLock: Int64 = 0x706D_5F6D_6967

    /// Applies the migrations this database has not recorded yet, in one transaction under an
    /// advisory lock, so several servers starting at once apply each exactly once.
    public func migrate() async throws {
        try await migrate(Self.migrations)
    }

    /// Applies those of `migrations` this database has not recorded yet (a database at an
    /// earlier version of the schema, for a test, is made with a prefix of ``migrations``).
    func migrate(_ migrations: [Migration]) async throws {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS pm_migrations (
                    name TEXT PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied: Set<String> = []
            let rows = try await connection.query("SELECT name FROM pm_migrations", logger: logger)
            for try await name in rows.decode(String.self) { applied.insert(name) }
            // A newer pm-server's schema is left as it is: this one would misread what it added.
            if let unknown = applied.first(where: { name in !Self.migrations.contains { $0.name == name } }) {
                throw ServerDatabaseError.newerSchema(
                    "the PostgreSQL database", found: unknown, known: Self.migrations.last?.name ?? "",
                    version: ProductVersion.current)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query(
                    "INSERT INTO pm_migrations (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }
}
