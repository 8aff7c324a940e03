import Foundation
import GRDB
import PMDomain
import PMSQLite

/// Reads and writes rows of the `project` table.
enum ProjectRow {
    static let visible = "title IS NOT NULL AND deleted IS NOT 1"

    // A card's list and its place in it, in SQL: the expressions of the `project_by_list` index,
    // which the board's queries write exactly as it does (SQLite uses an index on expressions only
    // for the same expressions). A card whose status or deadline was not written yet shows in
    // `todo` on the day it was created, as ``project(_:)`` and `Deadline(defaultFor:)` have it.
    static let listStatus = "coalesce(status, 'todo')"
    static let listDeadline = "coalesce(deadline, date(createdAt / 1000, 'unixepoch'))"
    /// The list order, ``Project/listOrder(_:_:)``, in SQL.
    static let listOrder = "\(listDeadline), createdAt, id"

    /// What a visible card is read from.
    enum CardColumns: Int, SelectedColumn {
        case id, title, description, deadline, status, createdAt, updatedAt
        var sql: String { "project.\(self)" }
    }

    /// What the merged state of a card is read from: each field with its clock.
    enum StateColumns: Int, SelectedColumn {
        case id, title, titleClock, description, descriptionClock, deadline, deadlineClock, status, statusClock
        case deleted, deletedClock, createdAt, updatedAt
        var sql: String { "project.\(self)" }
    }

    /// What a card is found by: its id and title.
    enum NameColumns: Int, SelectedColumn {
        case id, title
        var sql: String { "project.\(self)" }
    }

    static let projectColumns = CardColumns.selection
    static let stateColumns = StateColumns.selection

    /// A visible project from a row selected with ``projectColumns``.
    ///
    /// A card may be visible before its deadline or status was ever written: its first
    /// operations are still on their way (an edit pulled before the creation it follows). It
    /// then shows the defaults ``ProjectState/project`` gives, as every replica does.
    static func project(_ row: Row) -> Project? {
        typealias Column = CardColumns
        guard let id = UUID(text: row[Column.id]) else { return nil }
        let created: Int64 = row[Column.createdAt]
        let updated: Int64 = row[Column.updatedAt]
        let deadline = (row[Column.deadline] as String?).flatMap { Deadline(iso: $0) } ?? Deadline(defaultFor: created)
        let status = (row[Column.status] as String?).flatMap(Status.init(rawValue:)) ?? .todo
        return Project(
            id: id, title: row[Column.title], description: row[Column.description] ?? "", deadline: deadline,
            status: status,
            createdAt: Date(timeIntervalSince1970: Double(created) / 1000),
            updatedAt: Date(timeIntervalSince1970: Double(updated) / 1000))
    }

    /// The merged state of a project, or a blank one if no operation touched it yet.
    static func state(_ id: UUID, in db: Database) throws -> ProjectState {
        let statement = try db.cachedStatement(sql: "SELECT \(stateColumns) FROM project WHERE id = ?")
        guard let row = try Row.fetchOne(statement, arguments: [id.lowercased]) else {
            return ProjectState(id: id)
        }
        return state(row, id: id)
    }

    /// The merged states of the projects `ids` that have a row, in one query: a pull merges
    /// thousands of operations at a time.
    static func states(_ ids: some Collection<UUID>, in db: Database) throws -> [UUID: ProjectState] {
        var states: [UUID: ProjectState] = [:]
        guard !ids.isEmpty else { return states }
        states.reserveCapacity(ids.count)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(stateColumns) FROM json_each(?) AS wanted JOIN project ON project.id = wanted.value
                """,
            arguments: [jsonArray(ids.map(\.lowercased))])
        while let row = try rows.next() {
            guard let id = UUID(text: row[StateColumns.id]) else { continue }
            states[id] = state(row, id: id)
        }
        return states
    }

    /// The state in a row selected with ``stateColumns``.
    private static func state(_ row: Row, id: UUID) -> ProjectState {
        typealias Column = StateColumns
        var state = ProjectState(id: id)
        func register<Value>(
            _ column: Column, _ clockColumn: Column, _ read: (String) -> Value?
        ) -> ProjectState.Register<Value>? {
            guard let text: String = row[column], let value = read(text),
                let clockText: String = row[clockColumn], let clock = HybridTimestamp(clockText)
            else { return nil }
            return ProjectState.Register(value: value, timestamp: clock)
        }
        state.title = register(.title, .titleClock) { $0 }
        state.description = register(.description, .descriptionClock) { $0 }
        state.deadline = register(.deadline, .deadlineClock) { Deadline(iso: $0) }
        state.status = register(.status, .statusClock) { Status(rawValue: $0) }
        if let deleted: Int = row[Column.deleted], let clockText: String = row[Column.deletedClock],
            let clock = HybridTimestamp(clockText)
        {
            state.deleted = ProjectState.Register(value: deleted != 0, timestamp: clock)
        }
        state.createdAt = row[Column.createdAt]
        state.updatedAt = row[Column.updatedAt]
        return state
    }

    /// `ids` as a JSON array for `json_each`: lowercase UUIDs, which need no escaping.
    private static func jsonArray(_ ids: [String]) -> String {
        "[\"" + ids.joined(separator: "\",\"") + "\"]"
    }

    /// Writes a project's row over the one stored: the values in column order (`ImportRows`
    /// binds the same statement).
    static let saveSQL = """
        INSERT OR REPLACE INTO project (id, title, titleClock, description, descriptionClock,
            deadline, deadlineClock, status, statusClock, deleted, deletedClock, createdAt, updatedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Writes `state` over the project's row.
    static func save(_ state: ProjectState, in db: Database) throws {
        let statement = try db.cachedStatement(sql: saveSQL)
        // Most fields of a project share a clock (all of them, for a new card): format each once.
        var texts: [HybridTimestamp: String] = [:]
        func text(_ stamp: HybridTimestamp?) -> String? {
            guard let stamp else { return nil }
            if let known = texts[stamp] { return known }
            let formatted = stamp.description
            texts[stamp] = formatted
            return formatted
        }
        try statement.execute(arguments: [
            state.id.lowercased,
            state.title?.value, text(state.title?.timestamp),
            state.description?.value, text(state.description?.timestamp),
            state.deadline?.value.description, text(state.deadline?.timestamp),
            state.status?.value.rawValue, text(state.status?.timestamp),
            state.deleted.map { $0.value ? 1 : 0 }, text(state.deleted?.timestamp),
            state.createdAt ?? 0, state.updatedAt ?? 0,
        ])
    }
}
