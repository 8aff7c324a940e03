import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct UndoStepTests {
    private let current = ProjectFields(
        title: "Write spec", description: "메모", deadline: day("2026-12-01"), status: .doing, deleted: false)

    @Test func undoingAnAddDeletesTheCard() {
        let change = added("Write spec")

        let step = UndoStep(projectID: projectID, current: nil, change: change)

        #expect(step.before == ProjectFields(deleted: true))
        #expect(step.after == change)
        #expect(step.projectID == projectID)
    }

    @Test func beforeHoldsThePriorValuesOfExactlyTheChangedFields() {
        let change = ProjectFields(title: "스펙 작성", status: .done)

        let step = UndoStep(projectID: projectID, current: current, change: change)

        #expect(step.before == ProjectFields(title: "Write spec", status: .doing))
        #expect(step.after == change)
    }

    @Test func undoingADeleteRestores() {
        let step = UndoStep(projectID: projectID, current: current, change: ProjectFields(deleted: true))

        #expect(step.before == ProjectFields(deleted: false))
    }

    @Test func fieldsNeverSetAreUndoneToTheirDefaults() {
        // Given a card whose description, list and deletion were never written
        let bare = ProjectFields(title: "제목", deadline: day("2026-12-01"))
        let change = ProjectFields(description: "새 설명", status: .doing, deleted: true)

        let step = UndoStep(projectID: projectID, current: bare, change: change)

        #expect(step.before == ProjectFields(description: "", status: .todo, deleted: false))
    }

    @Test func undoAppliedAsANewOperationPutsTheCardBack() throws {
        // Given a card that was renamed and moved
        let add = operation(1, at: stamp(0), added("Write spec"))
        let change = ProjectFields(title: "스펙 작성", status: .doing)
        let step = UndoStep(projectID: projectID, current: states(after: [add])[projectID]?.fields, change: change)
        let edit = operation(2, at: stamp(5), change)

        // When the undo is made as a later operation
        let undo = operation(3, at: stamp(9), step.before)
        let project = try #require(states(after: [add, edit, undo])[projectID]?.project)

        // Then the card is as it was
        #expect(project.title == "Write spec")
        #expect(project.status == .todo)
    }

    @Test func undoingAnAddRemovesTheCardFromTheBoard() {
        let add = operation(1, at: stamp(0), added("Write spec"))
        let step = UndoStep(projectID: projectID, current: nil, change: add.fields)

        let state = states(after: [add, operation(2, at: stamp(1), step.before)])[projectID]

        #expect(state?.project == nil)
    }

    @Test func stepSurvivesJSON() throws {
        let step = UndoStep(projectID: projectID, current: current, change: ProjectFields(deadline: day("2026-12-24")))

        let decoded = try JSONDecoder().decode(UndoStep.self, from: JSONEncoder().encode(step))

        #expect(decoded == step)
    }
}
