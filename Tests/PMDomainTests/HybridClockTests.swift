import Foundation
import PMDomain
import PMTestSupport
import Testing

@Suite struct HybridClockTests {
    @Test func firstTickReadsTheWallClock() {
        var clock = HybridClock(device: deviceA)

        #expect(clock.tick(now: noon) == HybridTimestamp(wallTime: noon, counter: 0, device: deviceA))
        #expect(clock.device == deviceA)
    }

    @Test func tickWithTheWallClockStandingStillCountsUp() {
        var clock = HybridClock(device: deviceA)
        _ = clock.tick(now: noon)

        let second = clock.tick(now: noon)
        let third = clock.tick(now: noon)

        #expect(second == HybridTimestamp(wallTime: noon, counter: 1, device: deviceA))
        #expect(third == HybridTimestamp(wallTime: noon, counter: 2, device: deviceA))
    }

    @Test func tickAfterTheWallClockWentBackKeepsTheLaterTime() {
        var clock = HybridClock(device: deviceA)
        let before = clock.tick(now: noon)

        // When the wall clock is set back a minute
        let after = clock.tick(now: noon - 60_000)

        #expect(after == HybridTimestamp(wallTime: noon, counter: 1, device: deviceA))
        #expect(after > before)
    }

    @Test func tickAfterTheWallClockMovedOnStartsTheCounterAgain() {
        var clock = HybridClock(device: deviceA)
        _ = clock.tick(now: noon)
        _ = clock.tick(now: noon)

        #expect(clock.tick(now: noon + 1) == HybridTimestamp(wallTime: noon + 1, counter: 0, device: deviceA))
    }

    @Test func ticksStrictlyIncreaseWhateverTheWallClockDoes() {
        for seed in UInt64(0)..<100 {
            var random = SeededGenerator(seed: seed)
            var clock = HybridClock(device: deviceA)
            var previous = clock.latest
            var wall = noon
            for _ in 0..<200 {
                // The wall clock jumps forward, stands still, or falls back
                wall += [0, 0, 1, -1, -5_000, 3].randomElement(using: &random)!
                let reading = clock.tick(now: wall)
                #expect(reading > previous, "seed \(seed)")
                #expect(reading.device == deviceA, "seed \(seed)")
                previous = reading
            }
        }
    }

    @Test func tickAfterReceivingAReadingFromAheadSortsAfterIt() {
        // Given a device whose wall clock is ten seconds behind another's
        var clock = HybridClock(device: deviceA)
        _ = clock.tick(now: noon)
        let remote = HybridTimestamp(wallTime: noon + 10_000, counter: 3, device: deviceB)

        // When it has seen the other's change and makes its own
        clock.receive(remote, now: noon + 1)
        let reading = clock.tick(now: noon + 1)

        // Then its change sorts after the one it saw, stamped with its own device
        #expect(reading == HybridTimestamp(wallTime: noon + 10_000, counter: 4, device: deviceA))
        #expect(reading > remote)
    }

    @Test func tickAfterReceivingAReadingEqualButForTheDeviceSortsAfterIt() {
        var clock = HybridClock(device: deviceB)
        _ = clock.tick(now: noon)
        let remote = HybridTimestamp(wallTime: noon, counter: 0, device: .counted(0xFF))

        clock.receive(remote, now: noon)

        #expect(clock.tick(now: noon) > remote)
    }

    @Test func readingMadeAfterSeeingAnotherSortsAfterItWhateverTheWallClocks() {
        for seed in UInt64(0)..<100 {
            // Given three devices whose wall clocks are off by up to a minute, swapping changes at random
            var random = SeededGenerator(seed: seed)
            var clocks = [deviceA, deviceB, .counted(0xC)].map { HybridClock(device: $0) }
            var latestSeen: [HybridTimestamp?] = [nil, nil, nil]
            var made: [HybridTimestamp] = []
            for _ in 0..<100 {
                let device = Int.random(in: 0..<clocks.count, using: &random)
                let skew = Int64(device - 1) * 60_000 + Int64.random(in: -2_000...2_000, using: &random)
                if Bool.random(using: &random), let remote = made.randomElement(using: &random) {
                    clocks[device].receive(remote, now: noon + skew)
                    latestSeen[device] = max(latestSeen[device] ?? remote, remote)
                }

                let reading = clocks[device].tick(now: noon + skew)

                // Then it sorts after everything that device made or saw
                if let seen = latestSeen[device] { #expect(reading > seen, "seed \(seed)") }
                latestSeen[device] = reading
                made.append(reading)
            }
        }
    }

    @Test func receivingAnOlderReadingChangesNothing() {
        var clock = HybridClock(device: deviceA)
        let latest = clock.tick(now: noon)

        clock.receive(HybridTimestamp(wallTime: noon - 1, counter: 50, device: deviceB), now: noon)

        #expect(clock.latest == latest)
        #expect(clock.tick(now: noon - 1) == HybridTimestamp(wallTime: noon, counter: 1, device: deviceA))
    }

    @Test func clockResumedFromItsLatestReadingContinuesAfterIt() {
        var clock = HybridClock(latest: HybridTimestamp(wallTime: noon, counter: 5, device: deviceA))

        #expect(clock.tick(now: noon) == HybridTimestamp(wallTime: noon, counter: 6, device: deviceA))
    }

    @Test
    func tickAfterReceivingTheLargestCounterStillSortsAfterIt() {
        var clock = HybridClock(device: deviceA)
        let remote = HybridTimestamp(wallTime: noon, counter: .max, device: deviceB)

        clock.receive(remote, now: noon)

        #expect(clock.tick(now: noon) > remote)
    }

    @Test func receivingAReadingBeyondTheSkewLeavesTheClockWhereItWas() {
        // Given a device at noon that receives the largest reading a server ever accepted
        var clock = HybridClock(device: deviceA)
        let latest = clock.tick(now: noon)
        let poisoned = HybridTimestamp(
            wallTime: ProjectOperation.wallTimeMaximum, counter: .max, device: deviceB)

        clock.receive(poisoned, now: noon)

        // Then the clock does not follow it, and the next change is stamped at the device's own time
        #expect(clock.latest == latest)
        #expect(clock.tick(now: noon + 1) == HybridTimestamp(wallTime: noon + 1, counter: 0, device: deviceA))
    }

    @Test func receivingAReadingUpToTheSkewAheadIsTakenIn() {
        var clock = HybridClock(device: deviceA, skew: 60_000)
        let atBound = HybridTimestamp(wallTime: noon + 60_000, counter: 7, device: deviceB)
        let pastBound = HybridTimestamp(wallTime: noon + 60_001, counter: 0, device: deviceB)

        clock.receive(atBound, now: noon)
        clock.receive(pastBound, now: noon)

        #expect(clock.latest == HybridTimestamp(wallTime: noon + 60_000, counter: 7, device: deviceA))
        #expect(clock.tick(now: noon) > atBound)
    }

    @Test func defaultSkewIsFiveMinutes() {
        #expect(HybridClock.defaultSkew == 300_000)
        #expect(HybridClock(device: deviceA).skew == 300_000)
        #expect(HybridClock(device: deviceA).bound(now: noon) == noon + 300_000)
        #expect(HybridClock(device: deviceA).bound(now: .max) == .max)
    }

    @Test func clockAlreadyAheadBeyondTheSkewStartsAgainFromItsOwnTime() {
        // Given a clock persisted before clocks were bounded, holding the poisoned reading
        var clock = HybridClock(
            latest: HybridTimestamp(wallTime: ProjectOperation.wallTimeMaximum, counter: .max, device: deviceA))
        #expect(clock.isAhead(of: noon))

        // When the device makes a change at noon
        let reading = clock.tick(now: noon)

        // Then it is stamped at noon, which a server accepts, and the clock runs on from there
        #expect(reading == HybridTimestamp(wallTime: noon, counter: 0, device: deviceA))
        #expect(!clock.isAhead(of: noon))
        #expect(clock.tick(now: noon) == HybridTimestamp(wallTime: noon, counter: 1, device: deviceA))
    }

    @Test func clockAheadWithinTheSkewKeepsOrdering() {
        var clock = HybridClock(latest: HybridTimestamp(wallTime: noon + 299_000, counter: 2, device: deviceA))

        #expect(!clock.isAhead(of: noon))
        #expect(clock.tick(now: noon) == HybridTimestamp(wallTime: noon + 299_000, counter: 3, device: deviceA))
    }
}
