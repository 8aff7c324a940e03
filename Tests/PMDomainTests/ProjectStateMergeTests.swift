import Foundation
import PMDomain
import PMTestSupport
import Testing

/// Merging operations into a card: each field is last-writer-wins by the hybrid clock.
@Suite struct ProjectStateMergeTests {
    private let add = operation(1, at: stamp(0), added("Write spec"))

    private func merged(_ operations: ProjectOperation...) -> ProjectState {
        states(after: operations)[projectID] ?? ProjectState(id: projectID)
    }

    @Test func addedCardShowsItsFieldsAndCreationTime() throws {
        let project = try #require(merged(add).project)

        #expect(project.title == "Write spec")
        #expect(project.deadline == day("2026-12-01"))
        #expect(project.status == .todo)
        #expect(project.createdAt == instant("2026-11-21T12:00:00Z"))
    }

    @Test func laterEditOfAFieldWins() {
        let edit = operation(2, at: stamp(5), ProjectFields(title: "스펙 작성"))

        #expect(merged(add, edit).project?.title == "스펙 작성")
    }

    @Test func laterEditWinsEvenWhenItArrivesFirst() {
        // Given the rename reached this replica before the add did
        let edit = operation(2, at: stamp(5), ProjectFields(title: "스펙 작성"))

        // Then the state is the same as in clock order
        #expect(merged(edit, add) == merged(add, edit))
        #expect(merged(edit, add).project?.title == "스펙 작성")
    }

    @Test func earlierEditArrivingLateLoses() {
        let late = operation(2, at: stamp(10), ProjectFields(deadline: day("2026-12-03")))
        let early = operation(3, at: stamp(5), ProjectFields(deadline: day("2026-12-02")))

        #expect(merged(add, late, early).project?.deadline == day("2026-12-03"))
    }

    @Test func concurrentEditsOfOneFieldAreDecidedByTheDevice() {
        // Given two devices renaming at the same wall time and counter
        let fromA = operation(2, at: stamp(5, device: deviceA), ProjectFields(title: "A"))
        let fromB = operation(3, at: stamp(5, device: deviceB), ProjectFields(title: "B"))

        // Then every replica picks the same winner, the larger device id
        #expect(merged(add, fromA, fromB).project?.title == "B")
        #expect(merged(add, fromB, fromA).project?.title == "B")
    }

    @Test func concurrentEditsOfDifferentFieldsBothSurvive() {
        let rename = operation(2, at: stamp(5, device: deviceA), ProjectFields(title: "스펙 작성"))
        let move = operation(3, at: stamp(4, device: deviceB), ProjectFields(status: .doing))

        for project in [merged(add, rename, move).project, merged(add, move, rename).project] {
            #expect(project?.title == "스펙 작성")
            #expect(project?.status == .doing)
        }
    }

    @Test func editAfterADeleteDoesNotBringTheCardBack() {
        // Given a delete, then a rename made later by a device that had not seen it
        let delete = operation(2, at: stamp(5, device: deviceA), ProjectFields(deleted: true))
        let rename = operation(3, at: stamp(9, device: deviceB), ProjectFields(title: "스펙 작성"))

        let state = merged(add, delete, rename)

        // Then the card stays deleted, though the rename is kept for a restore
        #expect(state.project == nil)
        #expect(!state.isVisible)
        #expect(state.title?.value == "스펙 작성")
    }

    @Test func laterRestoreBringsTheCardBackWithItsLatestFields() {
        let delete = operation(2, at: stamp(5), ProjectFields(deleted: true))
        let rename = operation(3, at: stamp(6, device: deviceB), ProjectFields(title: "스펙 작성"))
        let restore = operation(4, at: stamp(7), ProjectFields(deleted: false))

        #expect(merged(add, delete, rename, restore).project?.title == "스펙 작성")
        #expect(merged(restore, rename, delete, add).project?.title == "스펙 작성")
    }

    @Test func restoreOlderThanTheDeleteLeavesTheCardDeleted() {
        let restore = operation(2, at: stamp(5, device: deviceB), ProjectFields(deleted: false))
        let delete = operation(3, at: stamp(6, device: deviceA), ProjectFields(deleted: true))

        #expect(merged(add, delete, restore).project == nil)
    }

    @Test func applyingAnOperationAgainChangesNothing() {
        var state = ProjectState(id: projectID)

        let first = state.apply(add)
        let once = state
        let second = state.apply(add)

        #expect(first)
        #expect(!second)
        #expect(state == once)
    }

    @Test func applyingALosingWriteReportsNoChange() {
        var state = merged(add, operation(2, at: stamp(9), ProjectFields(title: "Newer")))

        let changed = state.apply(operation(3, at: stamp(5), ProjectFields(title: "Older")))

        #expect(!changed)
        #expect(state.title?.value == "Newer")
    }

    @Test func createdIsTheEarliestAndUpdatedTheLatestWallTime() throws {
        let edit = operation(2, at: stamp(60), ProjectFields(status: .doing))

        let project = try #require(merged(edit, add).project)

        #expect(project.createdAt == instant("2026-11-21T12:00:00Z"))
        #expect(project.updatedAt == instant("2026-11-21T12:01:00Z"))
    }

    @Test func cardWithoutATitleIsNotYetOnTheBoard() {
        // Given only a move, whose add has not arrived yet
        let state = merged(operation(2, at: stamp(5), ProjectFields(status: .doing)))

        #expect(state.project == nil)
        #expect(!state.isVisible)
    }

    @Test func fieldsNoOperationSetTakeTheirDefaults() throws {
        let project = try #require(merged(operation(1, at: stamp(0), ProjectFields(title: "제목"))).project)

        #expect(project.description == "")
        #expect(project.status == .todo)
    }

    @Test func fieldsAreTheCurrentValuesOfEveryRegister() {
        let state = merged(add, operation(2, at: stamp(5), ProjectFields(status: .done)))

        #expect(state.fields == added("Write spec", status: .done))
    }
}
