import Foundation
import GRDB
import PMDomain
import PMSQLite

/// Reads and writes rows of the `operation` table.
enum OperationRow {
    /// What an operation is read from.
    enum Columns: Int, SelectedColumn {
        case id, projectId, clock, title, description, deadline, status, deleted, author
        var sql: String { "operation.\(self)" }
    }

    /// Which card an operation changed, and when.
    enum ChangeColumns: Int, SelectedColumn {
        case projectId, clock
        var sql: String { "operation.\(self)" }
    }

    /// Who pushed an operation.
    enum AuthorColumns: Int, SelectedColumn {
        case id, author
        var sql: String { "operation.\(self)" }
    }

    static let columns = Columns.selection

    /// Appends an operation to the log, unless the log holds it: the values in column order
    /// (`ImportRows` binds the same statement).
    static let insertSQL = """
        INSERT OR IGNORE INTO operation
            (id, projectId, clock, title, description, deadline, status, deleted, serverSeq, author)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Appends `operation` to the log. Returns `false` when the log already held it.
    /// `serverSeq` is its place on the server and `author` the user who pushed it there, for an
    /// operation pulled from there.
    static func insert(
        _ operation: ProjectOperation, serverSeq: Int64? = nil, author: String? = nil, in db: Database
    ) throws -> Bool {
        let statement = try db.cachedStatement(sql: insertSQL)
        let fields = operation.fields
        try statement.execute(arguments: [
            operation.id.lowercased, operation.projectID.lowercased,
            operation.timestamp.description, fields.title, fields.description, fields.deadline?.description,
            fields.status?.rawValue, fields.deleted.map { $0 ? 1 : 0 }, serverSeq, author,
        ])
        return db.changesCount > 0
    }

    /// An operation from a row selected with ``columns``.
    static func operation(_ row: Row) throws -> ProjectOperation {
        guard let id = UUID(text: row[Columns.id]), let projectID = UUID(text: row[Columns.projectId]),
            let timestamp = HybridTimestamp(row[Columns.clock] as String)
        else {
            throw DatabaseError(
                resultCode: .SQLITE_CORRUPT, message: "unreadable operation \(row[Columns.id] as String)")
        }
        let deleted: Int? = row[Columns.deleted]
        let fields = ProjectFields(
            title: row[Columns.title], description: row[Columns.description],
            deadline: (row[Columns.deadline] as String?).flatMap { Deadline(iso: $0) },
            status: (row[Columns.status] as String?).flatMap(Status.init(rawValue:)), deleted: deleted.map { $0 != 0 })
        return ProjectOperation(id: id, projectID: projectID, timestamp: timestamp, fields: fields)
    }

    /// Every operation of the given projects, and the authors of those that have one.
    static func operations(ofProjects ids: some Collection<String>, in db: Database) throws
        -> (operations: [ProjectOperation], authors: [UUID: String])
    {
        var result: [ProjectOperation] = []
        var authors: [UUID: String] = [:]
        let statement = try db.cachedStatement(
            sql: "SELECT \(columns) FROM operation WHERE projectId = ? ORDER BY clock")
        for id in ids {
            let rows = try Row.fetchCursor(statement, arguments: [id])
            while let row = try rows.next() {
                let operation = try operation(row)
                result.append(operation)
                if let author: String = row[Columns.author] { authors[operation.id] = author }
            }
        }
        return (result, authors)
    }

    /// The author of every operation that has one.
    static func authors(in db: Database) throws -> [UUID: String] {
        var authors: [UUID: String] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(AuthorColumns.selection) FROM operation WHERE author IS NOT NULL")
        while let row = try rows.next() {
            guard let id = UUID(uuidString: row[AuthorColumns.id]) else { continue }
            authors[id] = row[AuthorColumns.author]
        }
        return authors
    }
}
