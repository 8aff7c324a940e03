import GRDB

extension SQLiteSyncRepository {
    /// The schema's history: named migrations, only ever appended.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: users, tokens, boards, members, operations, projects") { db in
            try db.execute(
                sql: """
                    CREATE TABLE user (
                        name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0)
                    );
                    CREATE TABLE token (
                        prefix TEXT NOT NULL,
                        hash BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE
                    );
                    CREATE INDEX token_prefix ON token(prefix);
                    CREATE TABLE board (
                        name TEXT PRIMARY KEY NOT NULL CHECK (length(name) > 0)
                    );
                    CREATE TABLE member (
                        board TEXT NOT NULL REFERENCES board(name) ON DELETE CASCADE,
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        PRIMARY KEY (board, user)
                    ) WITHOUT ROWID;
                    CREATE TABLE operation (
                        board TEXT NOT NULL REFERENCES board(name),
                        seq INTEGER NOT NULL CHECK (seq > 0),
                        id TEXT NOT NULL CHECK (length(id) = 36),
                        body TEXT NOT NULL,
                        PRIMARY KEY (board, seq),
                        UNIQUE (board, id)
                    ) WITHOUT ROWID;
                    -- Each project's fields merged over every operation stored; kept in the
                    -- transaction that stores them, so it always reflects MAX(seq).
                    CREATE TABLE project (
                        board TEXT NOT NULL REFERENCES board(name),
                        id TEXT NOT NULL CHECK (length(id) = 36),
                        state TEXT NOT NULL,
                        PRIMARY KEY (board, id)
                    ) WITHOUT ROWID;
                    """)
        }
        // A calendar feed key opens one board's feed for one user, who must stay a member of
        // it: the key goes when either goes.
        migrator.registerMigration("v2: feed keys") { db in
            try db.execute(
                sql: """
                    CREATE TABLE feed_key (
                        prefix TEXT NOT NULL,
                        hash BLOB NOT NULL UNIQUE CHECK (length(hash) = 32),
                        user TEXT NOT NULL REFERENCES user(name) ON DELETE CASCADE,
                        board TEXT NOT NULL REFERENCES board(name) ON DELETE CASCADE
                    );
                    CREATE INDEX feed_key_prefix ON feed_key(prefix);
                    """)
        }
        registerSessionsMigration(in: &migrator)
        // A user's password, as its bcrypt hash; NULL until one is set.
        migrator.registerMigration("v4: passwords") { db in
            try db.execute(sql: "ALTER TABLE user ADD COLUMN passwordHash TEXT CHECK (length(passwordHash) > 0)")
        }
        // The user whose push stored each operation; NULL for those stored before (unknown).
        migrator.registerMigration("v5: operation authors") { db in
            try db.execute(sql: "ALTER TABLE operation ADD COLUMN author TEXT")
        }
        registerCalendarTexts(&migrator)
        registerTokenTimes(&migrator)
        registerPush(&migrator)
        return migrator
    }
}
