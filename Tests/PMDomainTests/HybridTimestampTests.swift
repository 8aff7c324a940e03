import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct HybridTimestampTests {
    @Test func laterWallTimeWinsOverAHigherCounter() {
        #expect(stamp(1, counter: 0, device: deviceA) > stamp(0, counter: 99, device: deviceB))
    }

    @Test func sameWallTimeOrdersByCounterBeforeDevice() {
        #expect(stamp(0, counter: 1, device: deviceA) > stamp(0, counter: 0, device: deviceB))
    }

    @Test func sameWallTimeAndCounterOrdersByDevice() {
        // deviceA ends in …0a, deviceB in …0b
        #expect(stamp(0, device: deviceA) < stamp(0, device: deviceB))
        #expect(!(stamp(0, device: deviceB) < stamp(0, device: deviceA)))
    }

    @Test func readingIsNotBeforeItself() {
        #expect(!(stamp(0) < stamp(0)))
        #expect(stamp(0) == stamp(0))
    }

    @Test func textFormIsFixedWidthWallCounterAndLowercaseDevice() {
        let device = UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!

        let text = HybridTimestamp(wallTime: 1_763_712_000_000, counter: 7, device: device).description

        #expect(text == "000001763712000000-0000000007-abcdef01-2345-4678-9abc-def012345678")
    }

    @Test func textFormReadsBack() {
        let reading = HybridTimestamp(wallTime: noon, counter: .max, device: deviceB)

        #expect(HybridTimestamp(reading.description) == reading)
    }

    @Test(arguments: [
        "", "abc", "1-2", "x-0-00000000-0000-4000-8000-00000000000a", "1-0-not-a-uuid",
        "1-x-" + UUID.counted(1).lowercased,
        // Fixed width, but a counter past UInt32, a sign, a letter in the wall time, a broken device.
        "000000000000000001-4294967296-" + UUID.counted(1).lowercased,
        "-00000000000000001-0000000001-" + UUID.counted(1).lowercased,
        "00000000000000000a-0000000001-" + UUID.counted(1).lowercased,
        "000000000000000001-0000000001-" + String(UUID.counted(1).lowercased.dropLast()) + "g",
        "000000000000000001-0000000001_" + UUID.counted(1).lowercased,
    ])
    func textThatIsNoReadingGivesNothing(text: String) {
        #expect(HybridTimestamp(text) == nil)
    }

    @Test func textWithAnUppercaseDeviceReadsAsUUIDStringWould() {
        let reading = HybridTimestamp(wallTime: noon, counter: 7, device: deviceB)
        let text = String(reading.description.prefix(30)) + deviceB.uuidString

        #expect(HybridTimestamp(text) == reading)
    }

    @Test
    func textWithANegativeWallTimeGivesNothing() {
        // Given the text a negative wall time would have, which decoding refuses as JSON
        let text = "-5-0-" + deviceA.lowercased

        #expect(HybridTimestamp(text) == nil)
    }

    @Test func textFormSortsByteWiseInClockOrder() {
        for seed in UInt64(0)..<50 {
            // Given random readings that often share a wall time, a counter or a device
            var random = SeededGenerator(seed: seed)
            let devices =
                (0..<3).map { _ in randomUUID(using: &random) } + [randomUUID(using: &random, bytes: [0, 0xff])]
            let readings = (0..<40).map { _ in
                HybridTimestamp(
                    wallTime: [0, noon, noon + 1, 999_999_999_999_999_999, Int64.random(in: 0...noon, using: &random)]
                        .randomElement(using: &random)!,
                    counter: [0, 1, 9, 10, .max, UInt32.random(in: 0...UInt32.max, using: &random)]
                        .randomElement(using: &random)!,
                    device: devices.randomElement(using: &random)!)
            }

            // Then sorting their texts byte by byte is sorting the readings, and each text reads back
            let byClock = readings.sorted()
            let byText = readings.sorted { Array($0.description.utf8).lexicographicallyPrecedes($1.description.utf8) }
            #expect(byClock == byText, "seed \(seed)")
            for (a, b) in zip(readings, readings.reversed()) {
                #expect(
                    (a < b) == Array(a.description.utf8).lexicographicallyPrecedes(b.description.utf8), "seed \(seed)")
            }
            #expect(readings.allSatisfy { HybridTimestamp($0.description) == $0 }, "seed \(seed)")
        }
    }

    @Test func dateIsTheWallTimeInMilliseconds() {
        #expect(stamp(0).date == instant("2026-11-21T12:00:00Z"))
        #expect(HybridTimestamp(wallTime: 1_500, counter: 0, device: deviceA).date.timeIntervalSince1970 == 1.5)
    }
}
