import Foundation
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

@Suite struct PushPlanTests {
    @Test func givenAnEmptyBoardWhenPushingThenOperationsAreNumberedFromOneInOrder() {
        let operations = (1...3).map { SyncFixtures.operation($0) }
        let plan = PushPlan(operations: operations, head: 0, stored: [:])
        #expect(plan.results.map(\.seq) == [1, 2, 3])
        #expect(plan.results.map(\.id) == operations.map(\.id))
        #expect(plan.inserts == [.init(index: 0, seq: 1), .init(index: 1, seq: 2), .init(index: 2, seq: 3)])
        #expect(plan.head == 3)
    }

    @Test func givenStoredOperationsWhenRetriedThenTheyKeepTheirNumbersAndNothingIsInserted() {
        let operations = (1...2).map { SyncFixtures.operation($0) }
        let stored = [operations[0].id: Int64(7), operations[1].id: 9]
        let plan = PushPlan(operations: operations, head: 9, stored: stored)
        #expect(plan.results.map(\.seq) == [7, 9])
        #expect(plan.inserts.isEmpty)
        #expect(plan.head == 9)
        #expect(plan.touchedProjects.isEmpty)
        #expect(plan.mergedStates(current: [:]).isEmpty)
    }

    @Test func givenAMixedBatchWhenPushingThenOnlyNewOnesAreNumberedOnFromTheHead() {
        let operations = [SyncFixtures.operation(1), SyncFixtures.operation(2), SyncFixtures.operation(3)]
        let plan = PushPlan(operations: operations, head: 4, stored: [operations[1].id: 2])
        #expect(plan.results.map(\.seq) == [5, 2, 6])
        #expect(plan.inserts == [.init(index: 0, seq: 5), .init(index: 2, seq: 6)])
        #expect(plan.head == 6)
    }

    @Test func givenTheSameOperationTwiceInOneBatchWhenPushingThenItIsStoredOnceAndAnsweredTwice() {
        let operation = SyncFixtures.operation(1)
        let plan = PushPlan(operations: [operation, SyncFixtures.operation(2), operation], head: 0, stored: [:])
        #expect(plan.results.map(\.seq) == [1, 2, 1])
        #expect(plan.inserts.map(\.index) == [0, 1])
        #expect(plan.head == 2)
    }

    @Test func givenNewOperationsWhenMergingThenTouchedCardsAreMergedOverTheirCurrentState() throws {
        // Given a card whose title is stored, and a new operation on it and one on a new card
        let earlier = SyncFixtures.operation(1, project: 1, fields: ProjectFields(title: "Old"))
        var stored = ProjectState(id: earlier.projectID)
        stored.apply(earlier)
        let later = SyncFixtures.operation(2, project: 1, fields: ProjectFields(description: "Notes"))
        let fresh = SyncFixtures.operation(3, project: 2, fields: ProjectFields(title: "New"))
        let duplicate = SyncFixtures.operation(4, project: 3, fields: ProjectFields(title: "Stored already"))
        let plan = PushPlan(operations: [later, fresh, duplicate], head: 3, stored: [duplicate.id: 3])
        // When the plan merges them
        #expect(plan.touchedProjects == [later.projectID, fresh.projectID])
        let merged = plan.mergedStates(current: [earlier.projectID: stored])
        // Then the stored card keeps its title and gains the description; the new card starts fresh
        #expect(Set(merged.keys) == [later.projectID, fresh.projectID])
        let card = try #require(merged[later.projectID])
        #expect(card.title?.value == "Old")
        #expect(card.description?.value == "Notes")
        #expect(merged[fresh.projectID]?.title?.value == "New")
        #expect(merged[fresh.projectID]?.createdAt == fresh.timestamp.wallTime)
    }
}
