public import Foundation
import GRDB
public import PMDomain
import PMSQLite

extension AppDatabase {
    /// Every visible project.
    public func projects() throws -> [Project] {
        try read(Self.visibleProjects)
    }

    static func visibleProjects(_ db: Database) throws -> [Project] {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(ProjectRow.projectColumns) FROM project WHERE \(ProjectRow.visible)")
        var projects: [Project] = []
        while let row = try rows.next() {
            if let project = ProjectRow.project(row) { projects.append(project) }
        }
        return projects
    }

    /// The board: every visible project in its list, in list order.
    public func board() throws -> Board {
        Board(try projects())
    }

    /// A visible project by id.
    public func project(_ id: UUID) throws -> Project? {
        try read { db in try ProjectRow.state(id, in: db).project }
    }

    /// The one visible project whose id starts with `prefix`; with `includingDeleted`, the one
    /// project, visible or deleted.
    public func resolve(_ prefix: IDPrefix, includingDeleted: Bool = false) throws -> UUID {
        try read { db in
            // A deleted card keeps its row (its fields and history): `pm history` and `pm restore` find it.
            let condition = includingDeleted ? "title IS NOT NULL" : ProjectRow.visible
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(ProjectRow.NameColumns.selection) FROM project WHERE id GLOB ? AND \(condition)
                    ORDER BY id LIMIT 11
                    """,
                arguments: [prefix.text + "*"])
            let candidates = rows.compactMap { row in
                UUID(text: row[ProjectRow.NameColumns.id]).map { ($0, row[ProjectRow.NameColumns.title] as String) }
            }
            guard let first = candidates.first else { throw StoreError.notFound(prefix.text) }
            guard candidates.count == 1 else {
                throw StoreError.ambiguous(prefix.text, candidates.map { (id: $0.0, title: $0.1) })
            }
            return first.0
        }
    }

    /// The shortest unique prefix of every visible project's id, as lists show them; with
    /// `includingDeleted`, of every project's, deleted ones too (as `pm restore` resolves them).
    public func shortIDs(includingDeleted: Bool = false) throws -> [UUID: String] {
        try read { db in
            let condition = includingDeleted ? "title IS NOT NULL" : ProjectRow.visible
            let ids = try String.fetchAll(db, sql: "SELECT id FROM project WHERE \(condition)")
            return IDPrefix.shortest(for: ids.compactMap(UUID.init(text:)))
        }
    }

    /// The shortest unique prefix of one visible project's id: only its neighbours in id order
    /// matter, so this reads two rows, not the whole board.
    public func shortID(of id: UUID) throws -> String {
        try read { db in
            let text = id.lowercased
            let before = try String.fetchOne(
                db, sql: "SELECT id FROM project WHERE id < ? AND \(ProjectRow.visible) ORDER BY id DESC LIMIT 1",
                arguments: [text])
            let after = try String.fetchOne(
                db, sql: "SELECT id FROM project WHERE id > ? AND \(ProjectRow.visible) ORDER BY id LIMIT 1",
                arguments: [text])
            let ids = [before, after].compactMap { $0.flatMap(UUID.init(uuidString:)) } + [id]
            return IDPrefix.shortest(for: ids)[id] ?? text
        }
    }

    /// History, newest first: at most `limit` entries, of one project or of the whole board.
    public func history(limit: Int?, project: UUID? = nil) throws -> [HistoryEntry] {
        try read { db in
            if let project {
                let found = try OperationRow.operations(ofProjects: [project.lowercased], in: db)
                let entries = History.entries(for: found.operations, authors: found.authors)
                return limit.map { Array(entries.prefix($0)) } ?? entries
            }
            guard let limit else {
                return History.entries(for: try Self.allOperations(db), authors: try OperationRow.authors(in: db))
            }
            // The newest operations by clock, and everything earlier of their projects, which
            // history needs for the values before each change. Operations that changed nothing
            // visible give no entry, so fetch in growing windows until `limit` entries are found.
            var window = limit + 16
            while true {
                let ids = try String.fetchAll(
                    db, sql: "SELECT id FROM operation ORDER BY clock DESC LIMIT ?", arguments: [window])
                let projects = try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT projectId FROM operation
                        WHERE id IN (SELECT id FROM operation ORDER BY clock DESC LIMIT ?)
                        """,
                    arguments: [window])
                let wanted = Set(ids)
                let found = try OperationRow.operations(ofProjects: projects, in: db)
                let entries = History.entries(for: found.operations, authors: found.authors)
                    .filter { wanted.contains($0.operationID.lowercased) }
                if entries.count >= limit || ids.count < window {
                    return Array(entries.prefix(limit))
                }
                window *= 4
            }
        }
    }

    /// The whole operation log, in the order it arrived on this device.
    public func operations() throws -> [ProjectOperation] {
        try read { db in try Self.allOperations(db) }
    }

    static func allOperations(_ db: Database) throws -> [ProjectOperation] {
        let rows = try Row.fetchCursor(db, sql: "SELECT \(OperationRow.columns) FROM operation ORDER BY seq")
        var result: [ProjectOperation] = []
        while let row = try rows.next() {
            result.append(try OperationRow.operation(row))
        }
        return result
    }
}

extension AppDatabase {
    /// The local sequence number of the newest operation: it changes whenever any process
    /// records or applies a change, which is how an open board notices others' writes.
    public func latestSequence() throws -> Int64 {
        try read { db in try Self.newestSequence(db) }
    }
}
