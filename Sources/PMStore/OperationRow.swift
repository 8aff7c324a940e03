import Foundation
import GRDB
import PMDomain

/// Reads and writes rows of the `operation` table.
enum OperationRow {
    /// What an operation is read from.
    enum Columns: Int, SelectedColumn {
        case id, projectId, clock, title, description, deadline, status, deleted
        var sql: String { "operation.\(self)" }
    }

    static let columns = Columns.selection

    /// Appends `operation` to the log. Returns `false` when the log already held it.
    /// `serverSeq` is its place on the server, for an operation pulled from there.
    static func insert(_ operation: ProjectOperation, serverSeq: Int64? = nil, in db: Database) throws -> Bool {
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO operation
                    (id, projectId, clock, title, description, deadline, status, deleted, serverSeq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let fields = operation.fields
        try statement.execute(arguments: [
            operation.id.lowercased, operation.projectID.lowercased,
            operation.timestamp.description, fields.title, fields.description, fields.deadline?.description,
            fields.status?.rawValue, fields.deleted.map { $0 ? 1 : 0 }, serverSeq,
        ])
        return db.changesCount > 0
    }

    /// An operation from a row selected with ``columns``.
    static func operation(_ row: Row) throws -> ProjectOperation {
        guard let id = UUID(uuidString: row[Columns.id]), let projectID = UUID(uuidString: row[Columns.projectId]),
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

    /// Every operation of the given projects.
    static func operations(ofProjects ids: some Collection<String>, in db: Database) throws -> [ProjectOperation] {
        var result: [ProjectOperation] = []
        let statement = try db.cachedStatement(
            sql: "SELECT \(columns) FROM operation WHERE projectId = ? ORDER BY clock")
        for id in ids {
            let rows = try Row.fetchCursor(statement, arguments: [id])
            while let row = try rows.next() {
                result.append(try operation(row))
            }
        }
        return result
    }
}
