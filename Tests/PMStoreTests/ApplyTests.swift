import Foundation
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

@Suite struct ApplyTests {
    let world = TestWorld(day: "2026-11-21")
    let project = UUID.counted(7)
    let phone = UUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000000")!
    let laptop = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000000")!

    func operation(_ n: UInt64, at wallTime: Int64, by device: UUID, _ fields: ProjectFields) -> ProjectOperation {
        ProjectOperation(
            id: UUID.counted(1000 + n), projectID: project,
            timestamp: HybridTimestamp(wallTime: wallTime, counter: 0, device: device), fields: fields)
    }

    var create: ProjectOperation {
        operation(
            1, at: 1_000, by: phone,
            ProjectFields(
                title: "Write spec", description: "", deadline: Deadline(iso: "2026-12-01"), status: .todo,
                deleted: false))
    }

    @Test func applyingTheSameOperationsTwiceChangesNothing() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let operations = [create, operation(2, at: 2_000, by: laptop, ProjectFields(status: .doing))]

        let first = try database.apply(operations)
        let board = try database.projects()
        let second = try database.apply(operations)

        #expect(first == ImportSummary(applied: 2, skipped: 0))
        #expect(second == ImportSummary(applied: 0, skipped: 2))
        #expect(try database.projects() == board)
        #expect(try database.operations().count == 2)
    }

    @Test func anOlderWriteArrivingLateDoesNotOverwriteANewerOne() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let newer = operation(3, at: 3_000, by: laptop, ProjectFields(title: "Newer title"))
        let older = operation(2, at: 2_000, by: phone, ProjectFields(title: "Older title"))

        _ = try database.apply([create, newer])
        _ = try database.apply([older])

        #expect(try database.project(project)?.title == "Newer title")
    }

    @Test func concurrentEditsOfDifferentFieldsBothSurvive() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)

        _ = try database.apply([
            create,
            operation(2, at: 2_000, by: phone, ProjectFields(title: "Phone title")),
            operation(3, at: 2_000, by: laptop, ProjectFields(deadline: Deadline(iso: "2026-12-24"))),
        ])

        let merged = try #require(try database.project(project))
        #expect(merged.title == "Phone title")
        #expect(merged.deadline.description == "2026-12-24")
    }

    @Test func historyIsTheSameWhateverOrderOperationsArrivedIn() throws {
        let operations = [
            create,
            operation(2, at: 2_000, by: laptop, ProjectFields(status: .doing)),
            operation(3, at: 3_000, by: phone, ProjectFields(title: "Write the spec")),
            operation(4, at: 4_000, by: laptop, ProjectFields(deleted: true)),
        ]
        let inOrder = try AppDatabase.inMemory(environment: world.environment)
        let shuffled = try AppDatabase.inMemory(environment: world.environment)

        _ = try inOrder.apply(operations)
        for operation in operations.reversed() {
            _ = try shuffled.apply([operation])
        }

        let summaries = try shuffled.history(limit: nil).map(\.summary)
        #expect(try inOrder.history(limit: nil).map(\.summary) == summaries)
        #expect(
            summaries == [
                "Deleted \"Write the spec\"",
                "Edited \"Write spec\": title \"Write spec\" → \"Write the spec\"",
                "Moved \"Write spec\" from TODO to DOING",
                "Added \"Write spec\" to TODO",
            ])
        #expect(try shuffled.history(limit: 2).map(\.summary) == Array(summaries.prefix(2)))
    }

    @Test func aLocalChangeAfterAnImportSortsAfterTheImportedClock() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let ahead = operation(
            9, at: world.environment.wallTime + 240_000, by: laptop, ProjectFields(status: .doing))

        _ = try database.apply([create, ahead])
        _ = try database.move(project, to: .done)

        #expect(try database.project(project)?.status == .done)
    }

    @Test func anImportedClockPastTheSkewIsKeptButNotFollowed() throws {
        // Given an import holding a change stamped a day ahead of this device's time
        let database = try AppDatabase.inMemory(environment: world.environment)
        let future = operation(
            9, at: world.environment.wallTime + 86_400_000, by: laptop, ProjectFields(status: .doing))

        _ = try database.apply([create, future])
        let move = try database.move(project, to: .done)

        // Then the local change is stamped at the device's own time, which a server accepts, and
        // the day-ahead change keeps the field it set
        #expect(move.operation?.timestamp.wallTime == world.environment.wallTime)
        #expect(try database.project(project)?.status == .doing)
    }

    @Test func anInvalidOperationRefusesTheWholeBatch() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let bad = operation(2, at: 2_000, by: phone, ProjectFields(title: String(repeating: "가", count: 101)))

        #expect(throws: RuleViolation.self) { try database.apply([create, bad]) }

        #expect(try database.operations().isEmpty)
    }

    @Test func exportThenImportGivesTheSameBoardAndHistory() throws {
        let source = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(
            try source.add(try ProjectInput(title: "한글 제목", deadline: "+2d").newProject(today: world.environment.today))
                .project?.id)
        _ = try source.move(id, to: .doing)
        let document = try source.export()
        let data = try JSONEncoder().encode(document)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate

        let target = try AppDatabase.inMemory(environment: world.environment)
        _ = try target.apply(try decoder.decode(ImportDocument.self, from: data).operations)

        #expect(try target.projects() == source.projects())
        #expect(try target.history(limit: nil) == source.history(limit: nil))
        #expect(document.projects.map(\.title) == ["한글 제목"])
        #expect(document.history.count == 2)
    }
}
