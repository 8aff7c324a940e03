import Foundation
import PMDomain
import PMTestSupport

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
        case "clock": data = try encoder.encode(WebClockVectors.make())
        case "rules": data = try encoder.encode(WebRuleVectors.make())
        default: data = try encoder.encode(WebMergeVectors.make())
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
