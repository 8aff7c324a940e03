import Foundation
import PMDomain
import PMTestSupport
import Testing

/// A board's history, derived from the set of its operations.
@Suite struct HistoryTests {
    private let add = operation(1, at: stamp(0), added("Write spec"))
    private let move = operation(2, at: stamp(10), ProjectFields(status: .doing))
    private let later = operation(3, at: stamp(30), ProjectFields(deadline: day("2026-12-03")))
    private let earlier = operation(4, at: stamp(20), ProjectFields(deadline: day("2026-12-02")))

    @Test func entriesAreNewestFirst() {
        let entries = History.entries(for: [add, move, earlier, later])

        #expect(entries.map(\.operationID) == [later, earlier, move, add].map(\.id))
        #expect(entries.map(\.action) == [.edited, .edited, .moved, .added])
    }

    @Test func lateArrivalIsPlacedByItsClockAndItsNeighboursBeforeValues() {
        // Given the 12:00:30 edit arrived before the 12:00:20 one
        let entries = History.entries(for: [add, later, move, earlier])

        // Then each edit starts from the value just before it by the clock
        #expect(entries[0].summary == #"Edited "Write spec": deadline 2026-12-02 → 2026-12-03"#)
        #expect(entries[1].summary == #"Edited "Write spec": deadline 2026-12-01 → 2026-12-02"#)
    }

    @Test func entriesOfSeveralProjectsAreInterleavedByTime() {
        let other = UUID.counted(0x200)
        let addOther = operation(5, on: other, at: stamp(5, device: deviceB), added("배포"))
        let deleteOther = operation(6, on: other, at: stamp(15, device: deviceB), ProjectFields(deleted: true))

        let entries = History.entries(for: [deleteOther, add, move, addOther])

        #expect(
            entries.map(\.summary) == [
                #"Deleted "배포""#, #"Moved "Write spec" from TODO to DOING"#, #"Added "배포" to TODO"#,
                #"Added "Write spec" to TODO"#,
            ])
        #expect(entries.map(\.device) == [deviceB, deviceA, deviceB, deviceA])
    }

    @Test func operationThatChangesNothingHasNoEntry() {
        let again = operation(5, at: stamp(40), ProjectFields(status: .doing))

        #expect(History.entries(for: [add, move, again]).map(\.operationID) == [move.id, add.id])
    }

    @Test func operationDeliveredTwiceHasOneEntry() {
        #expect(History.entries(for: [add, move, move, add]) == History.entries(for: [add, move]))
    }

    @Test func emptyLogHasNoHistory() {
        #expect(History.entries(for: [ProjectOperation]()).isEmpty)
    }

    @Test func historyIsTheSameWhateverOrderTheOperationsArriveIn() {
        for seed in MergePropertyTests.seeds {
            // Given random operations from several devices, and their history in the order they were made
            let generated = RandomOperations(seed: seed)
            let made = generated.operations
            let reference = History.entries(for: made)
            var random = SeededGenerator(seed: seed ^ 0xB00C)

            // Then any delivery order, with duplicates, gives the same history
            for round in 0..<3 {
                let delivered = generated.delivered(using: &random)
                #expect(History.entries(for: delivered) == reference, "seed \(seed), round \(round)")
            }
            #expect(zip(reference, reference.dropFirst()).allSatisfy { $0.timestamp > $1.timestamp }, "seed \(seed)")
        }
    }
}
