import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

/// A device's clock takes in no pulled reading more than the skew ahead of its own time, and a
/// clock stored before that rule, carried into the far future, recovers on the next change.
@Suite struct ClockBoundTests {
    let world = TestWorld(day: "2026-11-21")
    let member = UUID(uuidString: "00000000-0000-4000-8000-0000000000b0")!

    func pulled(_ number: Int, wallTime: Int64, counter: UInt32 = 0, title: String) -> ProjectOperation {
        ProjectOperation(
            id: SyncFixtures.uuid(number), projectID: SyncFixtures.uuid(0x10_0000 + number),
            timestamp: HybridTimestamp(wallTime: wallTime, counter: counter, device: member),
            fields: ProjectFields(title: title, status: .todo))
    }

    @Test func pulledFarFutureOperationIsKeptButChangesAreStampedAtTheDevicesTime() throws {
        // Given a device that pulls the largest operation a server ever accepted
        let database = try AppDatabase.inMemory(environment: world.environment)
        let poisoned = pulled(
            1, wallTime: ProjectOperation.wallTimeMaximum, counter: .max, title: "미래에서 온 카드")
        try database.merge(pulled: [(serverSeq: 1, operation: poisoned)], advancing: .stream(next: 1))

        // When it adds a card of its own
        let added = try #require(try database.add(ProjectFields(title: "오늘의 카드", status: .todo)).operation)

        // Then the far-future card is on the board, and the new one is stamped at the device's time
        #expect(try database.projects().map(\.title).contains("미래에서 온 카드"))
        #expect(added.timestamp.wallTime == world.environment.wallTime)
        #expect(added.timestamp.counter == 0)
    }

    @Test func pulledOperationWithinTheSkewStillOrdersLaterChanges() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let ahead = pulled(1, wallTime: world.environment.wallTime + 120_000, counter: 4, title: "Ahead")
        try database.merge(pulled: [(serverSeq: 1, operation: ahead)], advancing: .stream(next: 1))

        let added = try #require(try database.add(ProjectFields(title: "After it", status: .todo)).operation)

        #expect(added.timestamp > ahead.timestamp)
        #expect(added.timestamp.wallTime == ahead.timestamp.wallTime)
    }

    @Test func clockStoredFarAheadRecoversToTheLatestOperationWithinTheSkew() throws {
        // Given a device that has seen an operation two minutes ahead, and whose stored clock was
        // carried to the year 9999 before clocks were bounded
        let database = try AppDatabase.inMemory(environment: world.environment)
        let now = world.environment.wallTime
        let seen = pulled(1, wallTime: now + 120_000, counter: 9, title: "Seen")
        let poisoned = pulled(2, wallTime: ProjectOperation.wallTimeMaximum, counter: .max, title: "Poisoned")
        try database.merge(
            pulled: [(serverSeq: 1, operation: seen), (serverSeq: 2, operation: poisoned)],
            advancing: .stream(next: 2))
        try database.write { db in
            try db.execute(
                sql: "UPDATE device SET wallTime = ?, counter = ?",
                arguments: [ProjectOperation.wallTimeMaximum, Int64(UInt32.max)])
        }

        // When it makes a change
        let added = try #require(try database.add(ProjectFields(title: "Recovered", status: .todo)).operation)

        // Then the change sorts after what it saw within the skew, and a server would accept it
        #expect(added.timestamp > seen.timestamp)
        #expect(added.timestamp.wallTime == now + 120_000)
        #expect(throws: Never.self) { try added.validate(receivedAt: now, skew: HybridClock.defaultSkew) }
        let next = try #require(try database.add(ProjectFields(title: "And on", status: .todo)).operation)
        #expect(next.timestamp > added.timestamp)
        #expect(next.timestamp.wallTime == now + 120_000)
    }

    @Test func ownChangesStampedFarAheadAreStampedAgainAtTheDevicesTimeBeforeTheyAreSent() throws {
        // Given a device that made a card and renamed it while its clock stood in the year 9999,
        // neither sent yet, and whose wall clock is right again
        let database = try AppDatabase.inMemory(environment: world.environment)
        let today = world.now
        world.set(Date(timeIntervalSince1970: 253_402_300_000))
        let id = try #require(try database.add(ProjectFields(title: "Made in 9999", status: .todo)).project?.id)
        _ = try database.change(id) { _ in ProjectFields(title: "Renamed in 9999") }
        world.set(today)

        // When the outbox is made ready to send
        let restamped = try database.restampOutboxAhead()

        // Then both changes carry today's time, in the order they were made, and the card is as it was
        let pending = try database.pendingOperations(limit: 10)
        #expect(restamped == 2)
        #expect(pending.map(\.timestamp.wallTime) == [world.environment.wallTime, world.environment.wallTime])
        #expect(pending[0].timestamp < pending[1].timestamp)
        for operation in pending {
            #expect(throws: Never.self) {
                try operation.validate(receivedAt: world.environment.wallTime, skew: HybridClock.defaultSkew)
            }
        }
        #expect(try database.projects().map(\.title) == ["Renamed in 9999"])
        #expect(try database.restampOutboxAhead() == 0)
    }

    @Test func wallClockSetBackPastTheSkewStampsAtItsOwnTime() throws {
        // Given a device whose wall clock was an hour ahead when it made a change, then set right
        let database = try AppDatabase.inMemory(environment: world.environment)
        let today = world.now
        world.advance(by: 3600)
        let id = try #require(try database.add(ProjectFields(title: "An hour ahead", status: .todo)).project?.id)
        world.set(today)

        // When it makes the next change
        let move = try #require(try database.move(id, to: .doing).operation)

        // Then it is stamped at its own time, as a server with a right clock accepts (the change
        // made an hour ahead keeps its later stamp, and is stamped anew before it is sent)
        #expect(move.timestamp.wallTime == world.environment.wallTime)
    }
}
