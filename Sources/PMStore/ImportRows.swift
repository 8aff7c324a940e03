import Foundation
import GRDB
import GRDBSQLite
import PMDomain

/// Writes the `operation` and `project` rows of an import or of a large pull with their values
/// bound straight to SQLite's prepared statements.
///
/// An import writes two rows per operation, hundreds of thousands of them. Through GRDB's
/// `StatementArguments` each value is boxed in an existential and bound by generic code, which
/// cost about as much CPU as SQLite's own work on the rows. The statements are GRDB's; only
/// binding and stepping use the C API. GRDB does not see these writes, so ``notifyChanges()``
/// tells its observers which tables changed. The rows are the ones `OperationRow.insert` and
/// `ProjectRow.save` write, column for column.
struct ImportRows {
    private let db: Database
    private let operationStatement: Statement
    private let projectStatement: Statement

    init(_ db: Database) throws {
        self.db = db
        operationStatement = try db.makeStatement(sql: OperationRow.insertSQL)
        projectStatement = try db.makeStatement(sql: ProjectRow.saveSQL)
    }

    /// Appends `operation` to the log. Returns `false` when the log already held it.
    /// `serverSeq` and `author` are its place on the server and the user who pushed it there,
    /// for a pulled operation; an imported one was pulled from no server and has neither.
    func insert(_ operation: ProjectOperation, serverSeq: Int64? = nil, author: String? = nil) throws -> Bool {
        let statement = operationStatement.sqliteStatement
        let fields = operation.fields
        bind(operation.id.lowercased, at: 1, of: statement)
        bind(operation.projectID.lowercased, at: 2, of: statement)
        bind(operation.timestamp.description, at: 3, of: statement)
        bind(fields.title, at: 4, of: statement)
        bind(fields.description, at: 5, of: statement)
        bind(fields.deadline?.description, at: 6, of: statement)
        bind(fields.status?.rawValue, at: 7, of: statement)
        bind(fields.deleted.map { $0 ? 1 : 0 }, at: 8, of: statement)
        bind(serverSeq, at: 9, of: statement)
        bind(author, at: 10, of: statement)
        try run(operationStatement)
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    /// Writes `state` over the project's row.
    func save(_ state: ProjectState) throws {
        let statement = projectStatement.sqliteStatement
        // Most fields of a project share a clock (all of them, for a new card): format each once.
        var formatted: (stamp: HybridTimestamp, text: String)?
        func text(_ stamp: HybridTimestamp?) -> String? {
            guard let stamp else { return nil }
            if let formatted, formatted.stamp == stamp { return formatted.text }
            let text = stamp.description
            formatted = (stamp, text)
            return text
        }
        bind(state.id.lowercased, at: 1, of: statement)
        bind(state.title?.value, at: 2, of: statement)
        bind(text(state.title?.timestamp), at: 3, of: statement)
        bind(state.description?.value, at: 4, of: statement)
        bind(text(state.description?.timestamp), at: 5, of: statement)
        bind(state.deadline?.value.description, at: 6, of: statement)
        bind(text(state.deadline?.timestamp), at: 7, of: statement)
        bind(state.status?.value.rawValue, at: 8, of: statement)
        bind(text(state.status?.timestamp), at: 9, of: statement)
        bind(state.deleted.map { $0.value ? 1 : 0 }, at: 10, of: statement)
        bind(text(state.deleted?.timestamp), at: 11, of: statement)
        bind(state.createdAt ?? 0, at: 12, of: statement)
        bind(state.updatedAt ?? 0, at: 13, of: statement)
        try run(projectStatement)
    }

    /// Tells GRDB's transaction observers that both tables changed, since it did not see the
    /// statements run.
    func notifyChanges() throws {
        try db.notifyChanges(in: Table("operation"))
        try db.notifyChanges(in: Table("project"))
    }

    /// Runs `statement` once with the values bound, then resets it for the next row.
    private func run(_ statement: Statement) throws {
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else {
            let message = sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }
            throw DatabaseError(
                resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)), message: message,
                sql: statement.sql)
        }
    }

    private func bind(_ value: String?, at index: Int32, of statement: SQLiteStatement) {
        guard var value else {
            sqlite3_bind_null(statement, index)
            return
        }
        // SQLite copies the text (SQLITE_TRANSIENT), so the buffer need only live for the call.
        value.withUTF8 { text in
            if let bytes = text.baseAddress, !text.isEmpty {
                let chars = UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(statement, index, chars, Int32(text.count), Self.transient)
            } else {
                // An empty buffer may have no address, and a null one would bind NULL, not ''.
                _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
        }
    }

    private func bind(_ value: Int64?, at index: Int32, of statement: SQLiteStatement) {
        guard let value else {
            sqlite3_bind_null(statement, index)
            return
        }
        sqlite3_bind_int64(statement, index, value)
    }

    private func bind(_ value: Int?, at index: Int32, of statement: SQLiteStatement) {
        bind(value.map(Int64.init), at: index, of: statement)
    }

    /// SQLite's `SQLITE_TRANSIENT` (copy the bound bytes now): the C macro is not visible to Swift.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }
}
