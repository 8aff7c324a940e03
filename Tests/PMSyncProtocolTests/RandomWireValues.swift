import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport

/// Random values of the wire types from a seeded generator, reaching the edges of the format:
/// Korean, emoji with joiners, quotes, backslashes, slashes, every control character, the last
/// scalar, extreme clocks, deadlines from year 1 to 9999, and any subset of fields.
struct RandomWireValues {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Scalars grouped by what they test in a writer and a reader.
    private static let scalarRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E,  // printable ASCII, quotes, backslash and slash among them
        0x00...0x1F,  // control characters: escaped as \n, \t, … or \u00XX
        0x22...0x22, 0x5C...0x5C, 0x2F...0x2F,  // ", \ and /, often
        0x7F...0xFF,  // DEL and Latin-1
        0xAC00...0xD7A3,  // Hangul syllables
        0x1F300...0x1FAFF,  // emoji
        0x200D...0x200D, 0x1F3FB...0x1F3FF, 0xFE0F...0xFE0F, 0x0301...0x0301,  // joiner, skin tones, selectors
        0x2028...0x2029, 0xFFFD...0xFFFF, 0x10FFFF...0x10FFFF,
    ]

    mutating func text(maximumLength: Int = 24) -> String {
        let length = Int.random(in: 0...maximumLength, using: &random)
        var text = String.UnicodeScalarView()
        for _ in 0..<length {
            let range = Self.scalarRanges.randomElement(using: &random)!
            text.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
        }
        return String(text)
    }

    mutating func uuid() -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in raw.indices { raw[index] = UInt8.random(in: 0...255, using: &random) }
        }
        return UUID(uuid: bytes)
    }

    /// A count, sequence number or wall time the plain form holds: 0 to 10^18 - 1, often at an edge.
    mutating func count() -> Int64 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: [0, 1, 999_999_999_999_999_999, HybridTimestamp.wallTimeLimit - 1].randomElement(using: &random)!
        case 1: Int64.random(in: 0..<HybridTimestamp.wallTimeLimit, using: &random)
        default: Int64.random(in: 1_700_000_000_000...1_900_000_000_000, using: &random)
        }
    }

    mutating func timestamp() -> HybridTimestamp {
        let counter: UInt32 =
            Bool.random(using: &random)
            ? [0, 1, .max].randomElement(using: &random)! : .random(in: 0...(.max), using: &random)
        return HybridTimestamp(wallTime: count(), counter: counter, device: uuid())
    }

    mutating func deadline() -> Deadline {
        let first = Deadline(year: 1, month: 1, day: 1)!.daysSince1970
        let last = Deadline(year: 9999, month: 12, day: 31)!.daysSince1970
        let edge = [first, last, 0, -1].randomElement(using: &random)!
        return Deadline(daysSince1970: Bool.random(using: &random) ? edge : .random(in: first...last, using: &random))
    }

    mutating func status() -> Status {
        Status.allCases.randomElement(using: &random)!
    }

    /// `value()`, or nothing, at random.
    mutating func maybe<Value>(_ value: (inout RandomWireValues) -> Value) -> Value? {
        Bool.random(using: &random) ? value(&self) : nil
    }

    mutating func fields() -> ProjectFields {
        ProjectFields(
            title: maybe { $0.text() }, description: maybe { $0.text(maximumLength: 80) },
            deadline: maybe { $0.deadline() }, status: maybe { $0.status() },
            deleted: maybe { Bool.random(using: &$0.random) })
    }

    mutating func operation() -> ProjectOperation {
        ProjectOperation(id: uuid(), projectID: uuid(), timestamp: timestamp(), fields: fields())
    }

    mutating func mergedState() -> ProjectState {
        var state = ProjectState(id: uuid())
        state.title = maybe { ProjectState.Register(value: $0.text(), timestamp: $0.timestamp()) }
        state.description = maybe {
            ProjectState.Register(value: $0.text(maximumLength: 80), timestamp: $0.timestamp())
        }
        state.deadline = maybe { ProjectState.Register(value: $0.deadline(), timestamp: $0.timestamp()) }
        state.status = maybe { ProjectState.Register(value: $0.status(), timestamp: $0.timestamp()) }
        state.deleted = maybe {
            ProjectState.Register(value: Bool.random(using: &$0.random), timestamp: $0.timestamp())
        }
        state.createdAt = maybe { $0.count() }
        state.updatedAt = maybe { $0.count() }
        return state
    }

    mutating func card() -> BoardSnapshot.Card {
        BoardSnapshot.Card(
            id: uuid(), title: text(), description: text(maximumLength: 80), deadline: deadline(), status: status(),
            createdAt: count(), updatedAt: count(),
            clocks: BoardSnapshot.Card.Clocks(
                title: timestamp(), description: maybe { $0.timestamp() }, deadline: maybe { $0.timestamp() },
                status: maybe { $0.timestamp() }))
    }

    /// Up to `maximum` values made by `value`.
    mutating func list<Value>(upTo maximum: Int, _ value: (inout RandomWireValues) -> Value) -> [Value] {
        (0..<Int.random(in: 0...maximum, using: &random)).map { _ in value(&self) }
    }
}
