import Foundation
import GRDB
public import PMDomain
import PMSQLite

extension AppDatabase {
    /// What a sent reminder is read from.
    private enum ReminderColumns: Int, SelectedColumn {
        case projectId, deadline
        var sql: String { "reminder.\(self)" }
    }

    /// Every reminder `pm remind` has sent on this device.
    public func remindersSent() throws -> Set<Reminder> {
        try read { db in
            var sent = Set<Reminder>()
            let rows = try Row.fetchCursor(db, sql: "SELECT \(ReminderColumns.selection) FROM reminder")
            while let row = try rows.next() {
                let projectID: String = row[ReminderColumns.projectId]
                let deadline: String = row[ReminderColumns.deadline]
                guard let id = UUID(uuidString: projectID), let day = Deadline(iso: deadline) else { continue }
                sent.insert(Reminder(projectID: id, deadline: day))
            }
            return sent
        }
    }

    /// Records that `reminder` was sent, so it is never sent again. Recording it twice is
    /// harmless.
    public func recordReminder(_ reminder: Reminder) throws {
        try write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO reminder (projectId, deadline, sentAt) VALUES (?, ?, ?)",
                arguments: [reminder.projectID.lowercased, reminder.deadline.description, environment.wallTime])
        }
    }
}
