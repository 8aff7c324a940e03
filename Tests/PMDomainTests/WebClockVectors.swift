import Foundation
import PMDomain
import PMTestSupport

/// The clock: text forms, order, ticks and receipts.
struct WebClockVectors: Encodable {
    struct Reading: Encodable {
        var timestamp: HybridTimestamp
        var text: String
    }
    struct Parse: Encodable {
        var text: String
        var timestamp: HybridTimestamp?
    }
    struct Tick: Encodable {
        var latest: HybridTimestamp
        var now: Int64
        var reading: HybridTimestamp
    }
    struct Receive: Encodable {
        var latest: HybridTimestamp
        var remote: HybridTimestamp
        /// The receiving device's wall time: a remote more than `skew` ahead of it is not taken in.
        var now: Int64
        var after: HybridTimestamp
    }

    /// How far ahead of its wall time a clock takes readings in (``HybridClock/defaultSkew``).
    var skew: Int64

    var readings: [Reading]
    /// `readings`' texts in clock order.
    var ordered: [String]
    var parses: [Parse]
    var ticks: [Tick]
    var receives: [Receive]

    static func make() -> WebClockVectors {
        let devices = [
            "00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b",
            "ffffffff-0000-4000-8000-000000000000", "0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3",
        ].map { UUID(uuidString: $0)! }
        let noon = WebVectors.noon
        var stamps: [HybridTimestamp] = []
        for wall in [0, noon - 1, noon, noon + 1, ProjectOperation.wallTimeMaximum] {
            for counter: UInt32 in [0, 1, 9, .max] {
                for device in devices {
                    stamps.append(HybridTimestamp(wallTime: wall, counter: counter, device: device))
                }
            }
        }
        var random = WebVectors.Random(state: 0xC10C)
        stamps.shuffle(using: &random)
        let sample = stamps[0].description
        let parses =
            [
                sample, sample.uppercased(), String(sample.dropLast()), sample + "0", "",
                "000001795262400000-4294967295-00000000-0000-4000-8000-00000000000a",
                "000001795262400000-4294967296-00000000-0000-4000-8000-00000000000a",
                "00000179526240000a-0000000000-00000000-0000-4000-8000-00000000000a",
                "000001795262400000_0000000000-00000000-0000-4000-8000-00000000000a",
                "000001795262400000-0000000000-00000000-0000-4000-8000-00000000000g",
                "000001795262400000-0000000000-00000000x0000-4000-8000-00000000000a",
                "+00001795262400000-0000000000-00000000-0000-4000-8000-00000000000a",
                "000001795262400000-000000000 -00000000-0000-4000-8000-00000000000a",
            ].map { Parse(text: $0, timestamp: HybridTimestamp($0)) }
        var ticks: [Tick] = []
        var receives: [Receive] = []
        for latest in stamps.prefix(24) + [HybridTimestamp(wallTime: noon, counter: .max, device: devices[0])] {
            // A wall clock ahead, standing still, stepped back, and stepped back past the skew
            // (a clock holding a poisoned reading, which starts again from its own time).
            let skew = HybridClock.defaultSkew
            for now in [latest.wallTime + 5, latest.wallTime, latest.wallTime - 5, latest.wallTime - skew - 1] {
                var clock = HybridClock(latest: latest)
                ticks.append(Tick(latest: latest, now: now, reading: clock.tick(now: now)))
            }
            for remote in stamps.shuffled(using: &random).prefix(3) {
                // Received at the device's own time, and just at and just past the skew behind it.
                for now in [latest.wallTime, remote.wallTime - skew, remote.wallTime - skew - 1] {
                    var clock = HybridClock(latest: latest)
                    clock.receive(remote, now: now)
                    receives.append(Receive(latest: latest, remote: remote, now: now, after: clock.latest))
                }
            }
        }
        return WebClockVectors(
            skew: HybridClock.defaultSkew, readings: stamps.map { Reading(timestamp: $0, text: $0.description) },
            ordered: stamps.sorted().map(\.description), parses: parses, ticks: ticks, receives: receives)
    }
}
