import Foundation
import GRDB
public import PMDomain

/// What the board draws its first frame from: each list's first cards, each list's size and
/// the banner's counts, read in one transaction without reading the whole board.
public struct BoardOpening: Equatable, Sendable {
    /// The first cards of each list, in list order.
    public var lists: [Status: [Project]]
    /// How many cards each list holds.
    public var counts: [Status: Int]
    /// Cards not done whose deadline is before the day asked about.
    public var overdue: Int
    /// Cards not done whose deadline is the day asked about.
    public var dueToday: Int
    /// The newest operation sequence when this was read (see ``AppDatabase/latestSequence()``).
    public var sequence: Int64
}

/// Every visible card sorted into its list, with the operation sequence it was read at.
public struct BoardLoad: Sendable {
    /// Every visible card, list by list, in list order.
    public var board: Board
    /// The newest operation sequence when this was read (see ``AppDatabase/latestSequence()``).
    public var sequence: Int64
}

extension AppDatabase {
    /// The first frame's reads: at most `limit` cards of each list, the lists' sizes and the
    /// overdue and due-today counts on `today`. Each is a range of the `project_by_list` index,
    /// so the cost follows `limit`, not the board's size (bar the counts, which walk the index).
    public func boardOpening(limit: Int, today: Deadline) throws -> BoardOpening {
        try read { db in
            var lists: [Status: [Project]] = [:]
            var counts: [Status: Int] = [:]
            var overdue = 0
            var dueToday = 0
            for status in Status.allCases {
                lists[status] = try Self.listPage(status, after: nil, limit: limit, in: db)
                counts[status] = try Self.count(status, in: db)
                guard status != .done else { continue }
                overdue += try Self.count(status, deadline: "<", today, in: db)
                dueToday += try Self.count(status, deadline: "=", today, in: db)
            }
            let sequence = try Self.newestSequence(db)
            return BoardOpening(
                lists: lists, counts: counts, overdue: overdue, dueToday: dueToday, sequence: sequence)
        }
    }

    /// At most `limit` cards of `status` in list order, starting after the card `after` (from
    /// the top when `nil`). The key is the whole of ``Project/listOrder(_:_:)`` (deadline,
    /// creation time, id), so paging on never skips or repeats a card, even among cards that
    /// share a deadline and a creation time.
    public func listPage(_ status: Status, after: Project?, limit: Int) throws -> [Project] {
        try read { db in try Self.listPage(status, after: after, limit: limit, in: db) }
    }

    /// How many cards each list holds.
    public func listCounts() throws -> [Status: Int] {
        try read { db in
            var counts: [Status: Int] = [:]
            for status in Status.allCases { counts[status] = try Self.count(status, in: db) }
            return counts
        }
    }

    /// Every visible card in its list, and the sequence it was read at, in one transaction: the
    /// board compares the sequence with what it has shown since to tell whether it is current.
    public func boardLoad() throws -> BoardLoad {
        let (projects, sequence) = try read { db in
            (try Self.visibleProjects(db), try Self.newestSequence(db))
        }
        return BoardLoad(board: Board(projects), sequence: sequence)
    }

    static func newestSequence(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT seq FROM operation ORDER BY seq DESC LIMIT 1") ?? 0
    }

    private static let inList = "\(ProjectRow.listStatus) = ? AND \(ProjectRow.visible)"

    private static func listPage(_ status: Status, after: Project?, limit: Int, in db: Database) throws -> [Project] {
        let query = listPageQuery(status, after: after, limit: limit)
        let rows = try Row.fetchCursor(db, sql: query.sql, arguments: query.arguments)
        var projects: [Project] = []
        while let row = try rows.next() {
            if let project = ProjectRow.project(row) { projects.append(project) }
        }
        return projects
    }

    static func listPageQuery(_ status: Status, after: Project?, limit: Int) -> (
        sql: String, arguments: StatementArguments
    ) {
        var sql = "SELECT \(ProjectRow.projectColumns) FROM project WHERE \(inList)"
        var arguments: StatementArguments = [status.rawValue]
        if let after {
            // Row values would say this in one comparison, but SQLite does not seek an index on
            // expressions with them: the first term bounds the range, the rest skip the cards
            // up to and including `after` among those with its deadline.
            let created = Int64((after.createdAt.timeIntervalSince1970 * 1000).rounded())
            let day = after.deadline.description
            sql += """
                 AND \(ProjectRow.listDeadline) >= ?
                 AND (\(ProjectRow.listDeadline) > ? OR createdAt > ? OR (createdAt = ? AND id > ?))
                """
            arguments += [day, day, created, created, after.id.lowercased]
        }
        sql += " ORDER BY \(ProjectRow.listOrder) LIMIT ?"
        arguments += [limit]
        return (sql, arguments)
    }

    private static func count(_ status: Status, in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM project WHERE \(inList)", arguments: [status.rawValue]) ?? 0
    }

    private static func count(_ status: Status, deadline comparison: String, _ day: Deadline, in db: Database) throws
        -> Int
    {
        try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM project WHERE \(inList) AND \(ProjectRow.listDeadline) \(comparison) ?",
            arguments: [status.rawValue, day.description]) ?? 0
    }
}
