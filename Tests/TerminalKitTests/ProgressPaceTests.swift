import Testing

@testable import TerminalKit

/// The bar's pace, stepped through time given by the test rather than read from a clock.
@Suite struct ProgressPaceTests {
    /// The steps `pace` draws of `steps` (done, elapsed milliseconds), each out of `total`.
    func drawn(_ pace: ProgressPace, total: Int, _ steps: [(done: Int, at: Int)]) -> [Int] {
        var pace = pace
        return steps.filter { pace.draws(done: $0.done, total: total, at: .milliseconds($0.at)) }.map(\.done)
    }

    @Test func givenADelayThenNothingIsDrawnBeforeItAndTheBarAppearsAtTheFirstStepAfter() {
        let steps = [(100, 0), (200, 200), (300, 450), (400, 500), (500, 550), (600, 650), (1_000, 700)]
        #expect(drawn(ProgressPace(delay: .milliseconds(500)), total: 1_000, steps) == [400, 600, 1_000])
    }

    @Test func givenWorkOverWithinTheDelayThenNothingIsDrawnNotEvenTheLastStep() {
        let steps = [(500, 100), (1_000, 300)]
        #expect(drawn(ProgressPace(delay: .milliseconds(500)), total: 1_000, steps).isEmpty)
    }

    @Test func givenNoDelayThenTheFirstStepIsDrawnAndThenAtMostTenTimesASecondButAlwaysTheLast() {
        let steps = [(1, 0), (2, 50), (3, 99), (4, 100), (5, 150), (10, 160)]
        #expect(drawn(ProgressPace(), total: 10, steps) == [1, 4, 10])
    }

    @Test func givenNothingToDoThenNothingIsDrawn() {
        #expect(drawn(ProgressPace(), total: 0, [(0, 0), (0, 1_000)]).isEmpty)
    }
}
