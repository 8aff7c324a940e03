import Testing

@testable import TerminalKit

@Suite struct ProgressLineTests {
    @Test func givenWorkUnderWayThenTheLineShowsTheBarCountsRateAndTimeLeft() {
        let line = ProgressLine(label: "Importing", done: 42_000, total: 100_000, elapsed: .seconds(2))
        #expect(line.text == "Importing ██████████░░░░░░░░░░░░░░ 42% 42,000/100,000 · 21,000/s · 3 s left")
    }

    @Test func givenTheFirstMomentThenNoRateIsGuessed() {
        let line = ProgressLine(label: "Receiving", done: 10, total: 1_000, elapsed: .milliseconds(20))
        #expect(line.text == "Receiving ░░░░░░░░░░░░░░░░░░░░░░░░ 1% 10/1,000")
    }

    @Test func givenTheWorkDoneThenNoTimeIsLeftAndTheBarIsFull() {
        let line = ProgressLine(label: "Importing", done: 5, total: 5, elapsed: .seconds(1))
        #expect(line.text == "Importing ████████████████████████ 100% 5/5 · 5/s")
    }

    @Test func givenLongWorkThenTimeLeftIsInMinutesAndHours() {
        #expect(ProgressLine.duration(0.2) == "1 s")
        #expect(ProgressLine.duration(125) == "2 min 5 s")
        #expect(ProgressLine.duration(3_780) == "1 h 3 min")
        #expect(ProgressLine.grouped(1_234_567) == "1,234,567")
        #expect(ProgressLine.grouped(999) == "999")
    }

    @Test func givenCountsOutOfRangeThenTheLineStaysWithinTheBar() {
        let over = ProgressLine(label: "Importing", done: 12, total: 10, elapsed: .seconds(1))
        #expect(over.text.hasPrefix("Importing ████████████████████████ 100% 10/10"))
        let empty = ProgressLine(label: "Importing", done: 0, total: 0, elapsed: .seconds(1))
        #expect(empty.text == "Importing ░░░░░░░░░░░░░░░░░░░░░░░░ 0% 0/1")
    }
}
