public import Foundation
import GRDB
public import PMDomain
import PMSQLite

/// What a change did: the project afterwards (`nil` once deleted) and its history entry.
public struct ChangeResult: Sendable {
    /// The project after the change, or `nil` when it is deleted.
    public var project: Project?
    /// The history entry the change made, or `nil` when it changed nothing.
    public var entry: HistoryEntry?
    /// The operation recorded, or `nil` when nothing needed recording.
    public var operation: ProjectOperation?
    /// For an undo or redo that changed something visible, the action it took back or did again,
    /// as history told it when it was made (``UndoStep/action(on:operation:)``).
    public var action: HistoryEntry?
}

extension AppDatabase {
    /// This device's id.
    public func deviceID() throws -> UUID {
        try read { db in try Self.clock(db).device }
    }

    /// Adds a project from checked fields (``ProjectInput/newProject(today:)``).
    public func add(_ fields: ProjectFields) throws -> ChangeResult {
        try write { db in
            try record(fields, on: environment.uuid(), undoable: true, in: db)
        }
    }

    /// Changes a visible project: `makeChange` receives it as it is inside the transaction and
    /// returns the fields to set, or throws to refuse. Returns no operation when it sets none.
    public func change(
        _ id: UUID, _ makeChange: (Project) throws -> ProjectFields
    ) throws -> ChangeResult {
        try write { db in
            let state = try ProjectRow.state(id, in: db)
            guard let project = state.project else {
                throw StoreError.notFound(id.lowercased)
            }
            let fields = try makeChange(project)
            if fields.isEmpty {
                return ChangeResult(project: project, entry: nil, operation: nil)
            }
            return try record(fields, on: id, undoable: true, in: db)
        }
    }

    /// Moves a project to another list.
    public func move(_ id: UUID, to status: Status) throws -> ChangeResult {
        try change(id) { project in project.status == status ? ProjectFields() : ProjectFields(status: status) }
    }

    /// Deletes a project; `undo` brings it back.
    public func delete(_ id: UUID) throws -> ChangeResult {
        try change(id) { _ in ProjectFields(deleted: true) }
    }

    /// Brings back a deleted project, whoever deleted it, as a new change (undoable like any).
    public func restore(_ id: UUID) throws -> ChangeResult {
        try write { db in
            let state = try ProjectRow.state(id, in: db)
            guard let title = state.title?.value else { throw StoreError.notFound(id.lowercased) }
            guard state.deleted?.value == true else { throw StoreError.notDeleted(title) }
            return try record(ProjectFields(deleted: false), on: id, undoable: true, in: db)
        }
    }

    /// Undoes this device's latest action still on the undo stack, as a new operation. Where
    /// someone else changed one of its fields since, it refuses, naming who and what, and the
    /// action stays on the stack; `force` overwrites their change.
    public func undo(force: Bool = false) throws -> ChangeResult {
        try write { db in
            guard let (position, step) = try Self.top(of: "undo", in: db) else { throw StoreError.nothingToUndo }
            if !force { try Self.refuseOverwriting(step.after, of: step.projectID, verb: "undo", in: db) }
            try db.execute(sql: "DELETE FROM undoStep WHERE position = ?", arguments: [position])
            try Self.push(step, on: "redo", in: db)
            return try record(step.before, taking: step, in: db)
        }
    }

    /// Redoes the latest undone action, refusing as ``undo(force:)`` does where someone else
    /// changed one of its fields since the undo.
    public func redo(force: Bool = false) throws -> ChangeResult {
        try write { db in
            guard let (position, step) = try Self.top(of: "redo", in: db) else { throw StoreError.nothingToRedo }
            if !force { try Self.refuseOverwriting(step.before, of: step.projectID, verb: "redo", in: db) }
            try db.execute(sql: "DELETE FROM undoStep WHERE position = ?", arguments: [position])
            try Self.push(step, on: "undo", in: db)
            return try record(step.after, taking: step, in: db)
        }
    }

    /// How many actions can be undone and redone.
    public func undoDepth() throws -> (undo: Int, redo: Int) {
        try read { db in
            let undo = try Int.fetchOne(db, sql: "SELECT count(*) FROM undoStep WHERE stack = 'undo'") ?? 0
            let redo = try Int.fetchOne(db, sql: "SELECT count(*) FROM undoStep WHERE stack = 'redo'") ?? 0
            return (undo, redo)
        }
    }

    /// Records an undo or redo of `step` that sets `fields`, with the action it takes.
    private func record(_ fields: ProjectFields, taking step: UndoStep, in db: Database) throws -> ChangeResult {
        let current = try ProjectRow.state(step.projectID, in: db)
        var result = try record(fields, on: step.projectID, undoable: false, in: db)
        if result.entry != nil, let operation = result.operation {
            result.action = step.action(on: current, operation: operation)
        }
        return result
    }

    /// Records a local change: stamps it with the device clock, appends it to the log, merges it
    /// into the project and, for a user's own action, pushes its undo step.
    private func record(_ fields: ProjectFields, on id: UUID, undoable: Bool, in db: Database) throws -> ChangeResult {
        var clock = try Self.clock(db)
        let now = environment.wallTime
        if clock.isAhead(of: now) { clock = try Self.recovered(clock, now: now, in: db) }
        let operation = ProjectOperation(
            id: environment.uuid(), projectID: id, timestamp: clock.tick(now: now), fields: fields)
        try Self.save(clock, in: db)
        var state = try ProjectRow.state(id, in: db)
        let entry = HistoryEntry(operation: operation, before: state)
        if undoable {
            let step = UndoStep(projectID: id, current: state.title == nil ? nil : state.fields, change: fields)
            try Self.push(step, on: "undo", in: db)
            try db.execute(sql: "DELETE FROM undoStep WHERE stack = 'redo'")
        }
        _ = try OperationRow.insert(operation, in: db)
        state.apply(operation)
        try ProjectRow.save(state, in: db)
        return ChangeResult(project: state.project, entry: entry, operation: operation)
    }

    /// Throws when a field of `left` on project `id` was set by another device since this one
    /// left it: the message names who set what, and how to overwrite it anyway.
    private static func refuseOverwriting(_ left: ProjectFields, of id: UUID, verb: String, in db: Database) throws {
        let thisDevice = try clock(db).device
        let state = try ProjectRow.state(id, in: db)
        let conflicts = UndoStep.conflicts(leaving: left, in: state, thisDevice: thisDevice)
        guard !conflicts.isEmpty else { return }
        let (operations, authors) = try OperationRow.operations(ofProjects: [id.lowercased], in: db)
        let changes = conflicts.map { conflict in
            let author = operations.first { $0.timestamp == conflict.timestamp }.flatMap { authors[$0.id] }
            return HistoryEntry.who(author: author, device: conflict.timestamp.device) + " " + conflict.change
        }
        throw StoreError.changedSince(changes, verb: verb)
    }

    /// What the device's clock is read from.
    private enum DeviceColumns: Int, SelectedColumn {
        case id, wallTime, counter
        var sql: String { "device.\(self)" }
    }

    /// What an undo or redo step is read from.
    private enum StepColumns: Int, SelectedColumn {
        case position, step
        var sql: String { "undoStep.\(self)" }
    }

    static func clock(_ db: Database) throws -> HybridClock {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(DeviceColumns.selection) FROM device"),
            let device = UUID(uuidString: row[DeviceColumns.id])
        else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the device row is missing") }
        let wallTime: Int64 = row[DeviceColumns.wallTime]
        let counter: Int64 = row[DeviceColumns.counter]
        return HybridClock(latest: HybridTimestamp(wallTime: wallTime, counter: UInt32(counter), device: device))
    }

    static func save(_ clock: HybridClock, in db: Database) throws {
        try db.execute(
            sql: "UPDATE device SET wallTime = ?, counter = ?",
            arguments: [clock.latest.wallTime, Int64(clock.latest.counter)])
    }

    private static func top(of stack: String, in db: Database) throws -> (Int64, UndoStep)? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT \(StepColumns.selection) FROM undoStep WHERE stack = ? ORDER BY position DESC LIMIT 1",
                arguments: [stack])
        else { return nil }
        let text: String = row[StepColumns.step]
        return (row[StepColumns.position], try JSONDecoder().decode(UndoStep.self, from: Data(text.utf8)))
    }

    private static func push(_ step: UndoStep, on stack: String, in db: Database) throws {
        let text = String(decoding: try JSONEncoder().encode(step), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO undoStep (stack, projectId, step) VALUES (?, ?, ?)",
            arguments: [stack, step.projectID.lowercased, text])
        try db.execute(
            sql: """
                DELETE FROM undoStep WHERE stack = ? AND position <= (
                    SELECT position FROM undoStep WHERE stack = ? ORDER BY position DESC LIMIT 1 OFFSET ?)
                """,
            arguments: [stack, stack, UndoStep.depth])
    }
}
