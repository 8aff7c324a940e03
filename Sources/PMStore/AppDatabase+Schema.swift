import Foundation
import GRDB
import PMDomain

extension AppDatabase {
    /// The schema's history. Migrations are named and only ever appended: a database written
    /// by any earlier version opens by running the ones it has not seen.
    static func migrator(environment: PMDomain.Environment) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: operation log, projects, undo, device") { db in
            try db.execute(sql: "PRAGMA application_id = \(DatabaseFile.applicationID)")

            // One row: this device's id and its hybrid logical clock, so clock readings keep
            // rising across processes.
            try db.execute(
                sql: """
                    CREATE TABLE device (
                        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                        wallTime INTEGER NOT NULL,
                        counter INTEGER NOT NULL,
                        singleton INTEGER NOT NULL DEFAULT 1 UNIQUE CHECK (singleton = 1)
                    )
                    """)
            try db.execute(
                sql: "INSERT INTO device (id, wallTime, counter) VALUES (?, 0, 0)",
                arguments: [environment.uuid().lowercased])

            // The operation log: the source of the board, its history and, later, sync.
            // `seq` is the order operations arrived on this device; rows are never deleted, so
            // a plain rowid keeps rising without AUTOINCREMENT's bookkeeping write.
            try db.execute(
                sql: """
                    CREATE TABLE operation (
                        seq INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE CHECK (length(id) = 36),
                        projectId TEXT NOT NULL CHECK (length(projectId) = 36),
                        clock TEXT NOT NULL,
                        title TEXT CHECK (title IS NULL OR length(title) BETWEEN 1 AND 1000),
                        description TEXT,
                        deadline TEXT CHECK (deadline IS NULL OR deadline GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                        status TEXT CHECK (status IS NULL OR status IN ('todo', 'doing', 'done')),
                        deleted INTEGER CHECK (deleted IS NULL OR deleted IN (0, 1)),
                        CHECK (coalesce(title, description, deadline, status, deleted) IS NOT NULL)
                    )
                    """)
            try db.execute(sql: operationIndexes)

            // Each project as the merge of its operations: every field with the clock of the
            // write that set it, so a later-arriving older write cannot overwrite it.
            try db.execute(
                sql: """
                    CREATE TABLE project (
                        id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                        title TEXT, titleClock TEXT,
                        description TEXT, descriptionClock TEXT,
                        deadline TEXT, deadlineClock TEXT,
                        status TEXT CHECK (status IS NULL OR status IN ('todo', 'doing', 'done')), statusClock TEXT,
                        deleted INTEGER CHECK (deleted IS NULL OR deleted IN (0, 1)), deletedClock TEXT,
                        createdAt INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    )
                    """)

            // This device's own recent actions, newest last, for undo and redo.
            try db.execute(
                sql: """
                    CREATE TABLE undoStep (
                        position INTEGER PRIMARY KEY,
                        stack TEXT NOT NULL CHECK (stack IN ('undo', 'redo')),
                        projectId TEXT NOT NULL,
                        step TEXT NOT NULL
                    )
                    """)
            try db.execute(sql: "CREATE INDEX undoStep_by_stack ON undoStep (stack, position)")
        }
        migrator.registerMigration("v2: sync remote and outbox") { db in
            // The server sequence number of each operation the server holds: set when a push
            // is acknowledged or an operation is pulled. NULL is the outbox.
            try db.execute(sql: "ALTER TABLE operation ADD COLUMN serverSeq INTEGER")
            // One row when a remote is set. `cursor`: the last server sequence number merged
            // from the stream. `backfill`/`backfillEnd`: the history before a snapshot start,
            // still to fetch. `pushedThrough`: every local operation up to this local `seq` has
            // been acknowledged, so the outbox is found by a range scan, not a full one.
            try db.execute(
                sql: """
                    CREATE TABLE remote (
                        url TEXT NOT NULL,
                        board TEXT NOT NULL,
                        token TEXT NOT NULL,
                        cursor INTEGER NOT NULL DEFAULT 0,
                        backfill INTEGER NOT NULL DEFAULT 0,
                        backfillEnd INTEGER NOT NULL DEFAULT 0,
                        pushedThrough INTEGER NOT NULL DEFAULT 0,
                        lastSyncAt INTEGER,
                        lastAttemptAt INTEGER,
                        lastError TEXT,
                        stopped INTEGER NOT NULL DEFAULT 0,
                        singleton INTEGER NOT NULL DEFAULT 1 UNIQUE CHECK (singleton = 1)
                    )
                    """)
        }
        migrator.registerMigration("v3: reminders sent") { db in
            // What `pm remind` has notified, by card and deadline: a moved deadline is a new
            // row, so it reminds again; the same deadline never does.
            try db.execute(
                sql: """
                    CREATE TABLE reminder (
                        projectId TEXT NOT NULL CHECK (length(projectId) = 36),
                        deadline TEXT NOT NULL CHECK (deadline GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                        sentAt INTEGER NOT NULL,
                        PRIMARY KEY (projectId, deadline)
                    ) WITHOUT ROWID
                    """)
        }
        migrator.registerMigration("v4: operations by server sequence") { db in
            // Finds the operation at the cursor, which the next pull checks is still the server's
            // there: a server restored from a backup numbers new operations anew.
            try db.execute(
                sql: "CREATE INDEX operation_by_serverSeq ON operation (serverSeq) WHERE serverSeq IS NOT NULL")
        }
        migrator.registerMigration("v5: operation authors") { db in
            // The user whose push stored each pulled operation, as the server sent it: history
            // names them. NULL for this device's own operations and for pulls from a server
            // that sent none.
            try db.execute(sql: "ALTER TABLE operation ADD COLUMN author TEXT")
        }
        migrator.registerMigration("v6: cards in list order") { db in
            // The board's first frame reads each list's first screen, its size and the overdue
            // and due-today counts as ranges of this index instead of reading every card. Its
            // expressions give a card whose status or deadline was not written yet the list and
            // day `ProjectRow.project` shows it with; only visible cards are indexed.
            try db.execute(sql: projectIndexes)
        }
        migrator.registerMigration("v7: remote's certificate authority") { db in
            // The PEM file of a private CA that signs the server's certificate
            // (`pm remote set … --ca-file`), trusted beside the system's CAs; NULL for none.
            try db.execute(sql: "ALTER TABLE remote ADD COLUMN caFile TEXT")
        }
        migrator.registerMigration("v8: a join under way") { db in
            // A new device stores the server's cards a page at a time as they arrive. While it
            // does, `joining` is the sequence number of the first snapshot it began storing (0
            // when no join is under way): a join cut short resumes from a newer snapshot and
            // still follows the stream from there, so nothing between the two is missed.
            try db.execute(sql: "ALTER TABLE remote ADD COLUMN joining INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }

    /// The operation log's secondary indexes: by project for history and merging, by clock for
    /// the newest history. Migration v1 creates them and large imports rebuild them, so a change
    /// here needs a new migration.
    static let operationIndexes = """
        CREATE INDEX operation_by_project ON operation (projectId, clock);
        CREATE INDEX operation_by_clock ON operation (clock);
        """

    /// The project table's secondary index: each list's cards in list order, for the board's
    /// first frame (`AppDatabase+Board.swift`'s queries, written from the same expressions).
    /// Migration v6 creates it. Built after a bulk load it costs a quarter of what it adds to
    /// inserting the same cards one by one, so a large import into an empty board drops and
    /// rebuilds it with the operation log's.
    static let projectIndexes = """
        CREATE INDEX project_by_list ON project (
            \(ProjectRow.listStatus), \(ProjectRow.listOrder)
        ) WHERE \(ProjectRow.visible);
        """
}
