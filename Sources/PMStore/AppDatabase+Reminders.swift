import Foundation
import GRDB
public import PMDomain

extension AppDatabase {
    /// Every reminder `pm remind` has sent on this device.
    public func remindersSent() throws -> Set<Reminder> {
        try read { db in
            var sent = Set<Reminder>()
            let rows = try Row.fetchCursor(db, sql: "SELECT projectId, deadline FROM reminder")
            while let row = try rows.next() {
                let projectID: String = row["projectId"]
                let deadline: String = row["deadline"]
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
