import Foundation
import GRDB
import PMDomain
import PMTestSupport
import Testing

@testable import PMStore

@Suite struct ChangeTests {
    let world = TestWorld(day: "2026-11-21")

    func newProject(_ title: String, deadline: String? = nil) throws -> ProjectFields {
        try ProjectInput(title: title, deadline: deadline).newProject(today: world.environment.today)
    }

    @Test func addingRecordsOneOperationAndShowsTheCardInTodo() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)

        let result = try database.add(try newProject("Write spec", deadline: "+3d"))

        let project = try #require(result.project)
        #expect(project.status == .todo)
        #expect(project.deadline.description == "2026-11-24")
        #expect(try database.operations().count == 1)
        #expect(try database.projects() == [project])
        #expect(result.entry?.action == .added)
    }

    @Test func aRefusedChangeWritesNothing() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(try database.add(try newProject("Keep me")).project?.id)
        let before = try database.operations()

        #expect(throws: RuleViolation.self) {
            try database.change(id) { project in
                try ProjectInput(deadline: "2020-01-01").edit(of: project, today: world.environment.today)
            }
        }

        #expect(try database.operations() == before)
        #expect(try database.project(id)?.deadline.description == "2026-11-21")
        #expect(try database.undoDepth().undo == 1)
    }

    @Test func changesAreStampedInOrderEvenWhenTheWallClockStepsBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("projects.sqlite")
        let first = try AppDatabase.open(path: path, environment: world.environment)
        let id = try #require(try first.add(try newProject("Clock")).project?.id)
        world.advance(by: -240)

        // A second process on the same file, with a clock four minutes behind (within the skew;
        // past it, the clock starts again from its own time: ClockBoundTests).
        let second = try AppDatabase.open(path: path, environment: world.environment)
        _ = try second.move(id, to: .doing)

        let operations = try second.operations()
        #expect(operations.count == 2)
        #expect(operations[0].timestamp < operations[1].timestamp)
        #expect(try second.project(id)?.status == .doing)
    }

    @Test func undoAndRedoWalkBackAndForthAsNewOperations() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(try database.add(try newProject("Write spec")).project?.id)
        _ = try database.move(id, to: .doing)
        _ = try database.change(id) { _ in ProjectFields(title: "Write the spec") }

        let undoEdit = try database.undo()
        let undoMove = try database.undo()

        #expect(undoEdit.entry?.summary == "Edited \"Write the spec\": title \"Write the spec\" → \"Write spec\"")
        #expect(undoMove.entry?.summary == "Moved \"Write spec\" from DOING to TODO")
        #expect(try database.project(id)?.status == .todo)
        #expect(try database.operations().count == 5)

        _ = try database.redo()
        #expect(try database.project(id)?.status == .doing)
        #expect(try database.undoDepth() == (undo: 2, redo: 1))
    }

    @Test func undoingAnAddDeletesAndRedoRestores() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(try database.add(try newProject("Oops")).project?.id)

        let undone = try database.undo()
        #expect(undone.entry?.action == .deleted)
        #expect(try database.projects().isEmpty)

        let redone = try database.redo()
        #expect(redone.entry?.action == .restored)
        #expect(try database.project(id)?.title == "Oops")
    }

    @Test func aNewActionClearsTheRedoStack() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(try database.add(try newProject("A")).project?.id)
        _ = try database.move(id, to: .done)
        _ = try database.undo()

        _ = try database.move(id, to: .doing)

        #expect(throws: StoreError.self) { try database.redo() }
        #expect(try database.undoDepth().redo == 0)
    }

    @Test func undoReachesAtLeastFiftyActionsBack() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let id = try #require(try database.add(try newProject("Title 0")).project?.id)
        for index in 1...60 {
            _ = try database.change(id) { _ in ProjectFields(title: "Title \(index)") }
        }

        for _ in 1...60 {
            _ = try database.undo()
        }

        #expect(try database.project(id)?.title == "Title 0")
    }

    @Test func undoWithAnEmptyStackSaysSoAndWritesNothing() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)

        let error = #expect(throws: StoreError.self) { try database.undo() }

        #expect(error?.description == "nothing to undo")
        #expect(try database.operations().isEmpty)
    }

    @Test func anAmbiguousPrefixListsTheCandidates() throws {
        let database = try AppDatabase.inMemory(environment: world.environment)
        let device = UUID.counted(999)
        let ids = ["1234aaaa-0000-4000-8000-000000000001", "1234bbbb-0000-4000-8000-000000000002"]
        _ = try database.apply(
            ids.enumerated().map { index, id in
                ProjectOperation(
                    id: UUID.counted(UInt64(100 + index)), projectID: UUID(uuidString: id)!,
                    timestamp: HybridTimestamp(wallTime: 1_000, counter: UInt32(index), device: device),
                    fields: ProjectFields(
                        title: "Card \(index)", description: "", deadline: Deadline(iso: "2026-12-01"), status: .todo,
                        deleted: false))
            })

        let error = #expect(throws: StoreError.self) { try database.resolve(try IDPrefix("1234")) }

        #expect(error?.kind == .ambiguous)
        #expect(error?.description.contains(ids[0]) == true && error?.description.contains(ids[1]) == true)
        #expect(try database.resolve(try IDPrefix("1234b")) == UUID(uuidString: ids[1]))
        #expect(try database.shortIDs()[UUID(uuidString: ids[0])!] == "1234a")
    }
}
