import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// The user the server names for each pulled operation, kept with it and shown by history.
@Suite struct AuthorTests {
    let world = TestWorld(day: "2026-11-21")
    let laptop = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000000")!

    func database() throws -> AppDatabase {
        let database = try AppDatabase.inMemory(environment: world.environment)
        try database.setRemote(Remote(url: "http://127.0.0.1:8080", board: "team", token: "pm_secret"))
        return database
    }

    func laptopOperation(_ number: UInt64, _ project: UUID, seconds: Int64, _ fields: ProjectFields)
        -> ProjectOperation
    {
        ProjectOperation(
            id: UUID.counted(5000 + number), projectID: project,
            timestamp: HybridTimestamp(
                wallTime: Int64(world.now.timeIntervalSince1970 * 1000) - 60_000 + seconds * 1000, counter: 0,
                device: laptop),
            fields: fields)
    }

    @Test func givenPulledOperationsWithAuthors_whenHistoryIsRead_thenEachEntryNamesItsAuthor() throws {
        // Given ada's card and bob's move pulled, and an operation whose author is unknown
        let database = try database()
        let card = UUID.counted(900)
        let added = laptopOperation(1, card, seconds: 0, ProjectFields(title: "Spec", status: .todo))
        let moved = laptopOperation(2, card, seconds: 1, ProjectFields(status: .doing))
        let renamed = laptopOperation(3, card, seconds: 2, ProjectFields(title: "Spec v2"))
        try database.merge(
            pulled: [(1, added, "ada"), (2, moved, "bob"), (3, renamed, nil)], advancing: .stream(next: 3))

        // When history is read, whole, limited, and for the card
        let entries = try database.history(limit: nil)
        // Then each entry carries its operation's author
        #expect(entries.map(\.author) == [nil, "bob", "ada"])
        #expect(try database.history(limit: 2).map(\.author) == [nil, "bob"])
        #expect(try database.history(limit: nil, project: card).map(\.author) == [nil, "bob", "ada"])
        // And history shows the user, or the device when no user is known
        let here = try database.deviceID()
        #expect(entries.map { $0.madeBy(thisDevice: here) } == ["device bbbbbbbb", "bob", "ada"])
    }

    @Test func givenThisDevicesOwnOperationPulledBack_whenMerged_thenItKeepsTheAuthorTheServerNamed() throws {
        // Given a card added here and pushed (acknowledged), then pulled back with its author
        let database = try database()
        let mine = try #require(try database.add(ProjectFields(title: "Mine", status: .todo)).operation)
        try database.acknowledge([(mine.id, 1)])
        try database.merge(pulled: [(1, mine, "ada")], advancing: .stream(next: 1))

        // Then history names ada as its author, and this device as who made it
        let entry = try #require(try database.history(limit: nil).first)
        #expect(entry.author == "ada")
        #expect(entry.madeBy(thisDevice: try database.deviceID()) == "this device")
        // And a later page naming nobody does not erase it
        try database.merge(pulled: [(1, mine, nil)], advancing: .stream(next: 1))
        #expect(try database.history(limit: nil).first?.author == "ada")
    }
}
