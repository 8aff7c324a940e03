import Foundation
import PMDomain
import PMTestSupport
import Testing

/// Replicas that received the same operations, in any order and any number of times, agree.
@Suite struct MergePropertyTests {
    static let seeds = UInt64(0)..<200
    /// The delivery property runs 2,000 operation sets, each delivered five ways shuffled with
    /// duplicates, plus reversed and twice over: 14,000 cases in every CI run.
    static let deliverySeeds = UInt64(0)..<2000

    @Test func everyDeliveryOrderMergesToTheSameCards() {
        for seed in Self.deliverySeeds {
            // Given random operations from several devices
            let generated = RandomOperations(seed: seed)
            let made = generated.operations
            let reference = states(after: made)
            var random = SeededGenerator(seed: seed ^ 0x5EED)

            // When they are delivered shuffled, with duplicates, or backwards
            for round in 0..<5 {
                let delivered = generated.delivered(using: &random)
                #expect(states(after: delivered) == reference, "seed \(seed), round \(round)")
            }
            #expect(states(after: made.reversed()) == reference, "seed \(seed), reversed")
            #expect(states(after: made + made) == reference, "seed \(seed), everything twice")

            // Then the boards are the same too
            let boards = [Array(made.reversed()), made].map { Board(states(after: $0).values.compactMap(\.project)) }
            #expect(boards[0] == boards[1], "seed \(seed)")
        }
    }

    @Test func eachFieldHoldsTheValueOfItsLatestWriteByTheClock() {
        for seed in Self.seeds {
            let made = RandomOperations(seed: seed).operations
            var random = SeededGenerator(seed: seed)
            let merged = states(after: made.shuffled(using: &random))

            for project in RandomOperations.projects {
                for field in ProjectField.allCases {
                    // The winner worked out directly: the write of this field with the largest reading
                    let winner = made.filter { $0.projectID == project && $0.fields.value(of: field) != nil }
                        .max { $0.timestamp < $1.timestamp }
                    let value = merged[project]?.fields.value(of: field)
                    #expect(value == winner?.fields.value(of: field), "seed \(seed), \(field)")
                }
            }
        }
    }

    @Test func mergingTwoReplicasStatesGivesTheStateOfAllTheirOperations() {
        // A new device stores the server's cards over what it already holds (a join's earlier
        // attempt, its own edits): the merge of two states is the state of both sets of operations
        for seed in Self.seeds {
            let made = RandomOperations(seed: seed).operations
            var random = SeededGenerator(seed: seed ^ 0x30B)
            let split = Int.random(in: 0...made.count, using: &random)
            // The two sets overlap: an operation may have reached both replicas
            let first = Array(made[..<split]) + made.filter { _ in Bool.random(using: &random) }
            let second = Array(made[split...])
            let reference = states(after: made)
            var merged = states(after: first)
            for (id, state) in states(after: second) {
                merged[id, default: ProjectState(id: id)].merge(state)
            }
            #expect(merged == reference, "seed \(seed)")
        }
    }

    @Test func randomOperationsHaveDistinctReadings() {
        // Each device's clock never repeats a reading, so the merge has a single winner per field
        for seed in Self.seeds {
            let made = RandomOperations(seed: seed).operations
            #expect(Set(made.map(\.timestamp)).count == made.count, "seed \(seed)")
        }
    }
}
