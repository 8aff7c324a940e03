import Foundation
import PMDomain
import Testing

/// The shared test vectors of the web board: the Swift domain writes, into `Tests/Vectors/`,
/// operations in and cards, order and history out, and rule inputs with their exact outcomes;
/// `node --test Tests/web/` checks that the JavaScript reproduces every one.
///
/// Only PMDomain is used (with a seeded generator of its own), so the vectors build cheaply.
@Suite struct WebVectorsTests {
    @Test(arguments: ["clock", "rules", "merge"])
    func givenTheSwiftDomain_whenItWritesTheVectors_thenTheCommittedFilesMatch(name: String) throws {
        let produced = try WebVectors.encoded(name)
        let file = WebVectors.folder.appendingPathComponent("\(name).json")
        // Regenerating is a deliberate act: a Swift change that alters behaviour must show up here.
        if ProcessInfo.processInfo.environment["PM_WRITE_VECTORS"] == "1" {
            try FileManager.default.createDirectory(at: WebVectors.folder, withIntermediateDirectories: true)
            try produced.write(to: file)
        }
        let committed = try? Data(contentsOf: file)
        #expect(
            committed == produced,
            "Tests/Vectors/\(name).json differs from what the Swift domain produces; if the change is meant, rerun with PM_WRITE_VECTORS=1 and commit it (the JavaScript must follow)"
        )
    }
}

/// What the vectors hold, built from the Swift domain.
enum WebVectors {
    /// `Tests/Vectors`, found from this file (through a symbolic link, if a scratch package has one).
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors")

    /// The day the rule and overdue vectors stand on, and noon of it in milliseconds.
    static let today = Deadline(year: 2026, month: 11, day: 21)!
    static let noon: Int64 = 1_795_262_400_000

    static func encoded(_ name: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data: Data
        switch name {
        case "clock": data = try encoder.encode(ClockVectors.make())
        case "rules": data = try encoder.encode(RuleVectors.make())
        default: data = try encoder.encode(MergeVectors.make())
        }
        data.append(0x0A)
        return data
    }

    /// An id whose last bytes are `value`.
    static func id(_ value: UInt64) -> UUID {
        let hex = String(value, radix: 16)
        return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
    }

    /// SplitMix64, so the scenarios replay from their seeds (PMTestSupport's twin, kept here
    /// so that the vectors need only PMDomain).
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A rule's outcome: the stored value, or the violation exactly as a front end shows it.
    struct Outcome<Value: Encodable>: Encodable {
        var value: Value?
        var rule: String?
        var field: String?
        var message: String?

        init(_ body: () throws(RuleViolation) -> Value) {
            do {
                value = try body()
            } catch {
                rule = error.rule
                field = error.field
                message = error.description
            }
        }
    }
}

/// The clock: text forms, order, ticks and receipts.
struct ClockVectors: Encodable {
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
        var after: HybridTimestamp
    }

    var readings: [Reading]
    /// `readings`' texts in clock order.
    var ordered: [String]
    var parses: [Parse]
    var ticks: [Tick]
    var receives: [Receive]

    static func make() -> ClockVectors {
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
            // A wall clock ahead, standing still, and stepped back.
            for now in [latest.wallTime + 5, latest.wallTime, latest.wallTime - 5] {
                var clock = HybridClock(latest: latest)
                ticks.append(Tick(latest: latest, now: now, reading: clock.tick(now: now)))
            }
            for remote in stamps.shuffled(using: &random).prefix(3) {
                var clock = HybridClock(latest: latest)
                clock.receive(remote)
                receives.append(Receive(latest: latest, remote: remote, after: clock.latest))
            }
        }
        return ClockVectors(
            readings: stamps.map { Reading(timestamp: $0, text: $0.description) },
            ordered: stamps.sorted().map(\.description), parses: parses, ticks: ticks, receives: receives)
    }
}
