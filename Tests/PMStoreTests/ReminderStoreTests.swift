import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

@Suite struct ReminderStoreTests {
    let world = TestWorld(day: "2026-11-21")

    @Test func aRecordedReminderIsRememberedAcrossOpenings() throws {
        // Given a database file with one reminder recorded
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        let reminder = Reminder(projectID: .counted(7), deadline: world.environment.today)
        try AppDatabase.open(path: path, environment: world.environment).recordReminder(reminder)
        // When it is opened again
        let reopened = try AppDatabase.open(path: path, environment: world.environment)
        // Then the reminder is there, once, even when recorded twice
        try reopened.recordReminder(reminder)
        #expect(try reopened.remindersSent() == [reminder])
    }

    @Test func anotherDeadlineOfTheSameCardIsAnotherReminder() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let first = Reminder(projectID: .counted(7), deadline: world.environment.today)
        let moved = Reminder(projectID: .counted(7), deadline: world.environment.today.adding(days: 2))
        try database.recordReminder(first)
        try database.recordReminder(moved)
        #expect(try database.remindersSent() == [first, moved])
    }
}
