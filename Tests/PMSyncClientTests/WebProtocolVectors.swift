import Foundation
import NIOCore
import NIOHTTP1
import PMDomain
import PMSyncProtocol

@testable import PMSync
@testable import PMSyncClient

/// The sync protocol as the web board must follow it, written from the Swift client and wire
/// types into `Tests/Vectors/protocol.json`: the field and list names, the retry pauses, which
/// answers are worth retrying, the push limits, and a snapshot with the merged states it stands for.
struct WebProtocolVectors: Encodable {
    struct Delay: Encodable {
        var attempt: Int
        var random: Double
        /// ``Backoff/delay(attempt:random:)`` in milliseconds.
        var milliseconds: Double
    }
    struct Answer: Encodable {
        var status: Int
        /// Whether the Swift client retries after this answer (``SyncTransportError/isRetryable``).
        var retryable: Bool
    }
    struct Limits: Encodable {
        /// ``PushRequest/operationLimit``.
        var operations: Int
        /// ``PushRequest/bodyLimit``: the largest push body the server reads.
        var body: Int
        /// What a client aims a push at, well inside `body` (``SyncRound/batchBytes``).
        var batchBytes: Int
        /// Operations as large as the rules allow, in many scripts: an outbox made of them must
        /// still be cut into pushes the server reads.
        var largest: [ProjectOperation]
    }
    /// A merged state in the merge vectors' shape: each register with its clock's text, empty
    /// ones left out. One case per field, so a field added to Swift cannot be left out here.
    struct State: Encodable {
        var state: ProjectState

        struct Register<Value: Encodable>: Encodable {
            var value: Value
            var timestamp: String
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(state.id.lowercased, forKey: Key("id"))
            try container.encodeIfPresent(state.createdAt, forKey: Key("createdAt"))
            try container.encodeIfPresent(state.updatedAt, forKey: Key("updatedAt"))
            for field in ProjectField.allCases {
                let key = Key(field.rawValue)
                switch field {
                case .title: try container.encodeIfPresent(Self.register(state.title), forKey: key)
                case .description: try container.encodeIfPresent(Self.register(state.description), forKey: key)
                case .deadline: try container.encodeIfPresent(Self.register(state.deadline), forKey: key)
                case .status: try container.encodeIfPresent(Self.register(state.status), forKey: key)
                case .deleted: try container.encodeIfPresent(Self.register(state.deleted), forKey: key)
                }
            }
        }

        static func register<Value>(_ register: ProjectState.Register<Value>?) -> Register<Value>? {
            register.map { Register(value: $0.value, timestamp: $0.timestamp.description) }
        }
    }

    /// ``ProjectField/allCases``: every field an operation can set.
    var fields: [String]
    /// The fields a snapshot's card carries a clock for (``BoardSnapshot/Card/Clocks``).
    var clockFields: [String]
    /// ``Status/allCases`` with ``Status/heading``, left to right.
    var statuses: [String]
    var headings: [String: String]
    var backoff: [Delay]
    var answers: [Answer]
    var limits: Limits
    /// A snapshot as `GET /v1/boards/{board}/projects` sends it.
    var snapshot: BoardSnapshot
    /// What each of its cards merges as (``BoardSnapshot/Card/state``), in the snapshot's order.
    var states: [State]

    static func make() throws -> WebProtocolVectors {
        let delays = [0, 1, 2, 3, 4, 5, 7, 8, 9, 20, 21, 64, 1000].flatMap { attempt in
            [0, 0.25, 0.5, 0.75, 0.999_999, 1].map { random in
                Delay(
                    attempt: attempt, random: random,
                    milliseconds: milliseconds(Backoff.delay(attempt: attempt, random: random)))
            }
        }
        let statuses: [HTTPResponseStatus] = [
            .continue, .multipleChoices, .movedPermanently, .found, .notModified, .temporaryRedirect,
            .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .requestTimeout, .conflict,
            .gone, .payloadTooLarge, .unprocessableEntity, .tooManyRequests, .internalServerError,
            .badGateway, .serviceUnavailable, .gatewayTimeout,
        ]
        let answers = statuses.map { status in
            Answer(
                status: Int(status.code),
                retryable: SyncTransportError(status: status, body: ByteBuffer()).isRetryable)
        }
        return WebProtocolVectors(
            fields: ProjectField.allCases.map(\.rawValue), clockFields: clockFields(),
            statuses: Status.allCases.map(\.rawValue),
            headings: Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0.rawValue, $0.heading) }),
            backoff: delays, answers: answers,
            limits: Limits(
                operations: PushRequest.operationLimit, body: PushRequest.bodyLimit,
                batchBytes: SyncRound.batchBytes, largest: largest()),
            snapshot: snapshot(), states: snapshot().projects.map { State(state: $0.state) })
    }

    /// The fields of ``BoardSnapshot/Card/Clocks``, named by the Swift type itself (its stored
    /// properties, in order) rather than by a list written here.
    static func clockFields() -> [String] {
        let stamp = HybridTimestamp(wallTime: 0, counter: 0, device: device)
        let clocks = BoardSnapshot.Card.Clocks(title: stamp, description: stamp, deadline: stamp, status: stamp)
        return Mirror(reflecting: clocks).children.compactMap(\.label)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    static let device = UUID(uuidString: "0A1B2C3D-4E5F-4A6B-8C7D-8E9FA0B1C2D3")!
    static let noon: Int64 = 1_795_262_400_000

    /// The largest operations the rules allow: 100-character titles and 1000-character
    /// descriptions of three- and four-byte characters, and of quotes JSON escapes.
    static func largest() -> [ProjectOperation] {
        let texts: [(String, String)] = [
            (String(repeating: "한", count: 100), String(repeating: "글", count: 1000)),
            (String(repeating: "👩‍💻", count: 100), String(repeating: "🎉", count: 1000)),
            (String(repeating: "\"", count: 100), String(repeating: "\\\"\n\t", count: 250)),
            ("x", ""),
        ]
        return texts.enumerated().map { index, text in
            ProjectOperation(
                id: id(UInt64(index + 1)), projectID: id(UInt64(index + 100)),
                timestamp: HybridTimestamp(wallTime: noon, counter: UInt32(index), device: device),
                fields: ProjectFields(
                    title: text.0, description: text.1, deadline: Deadline(year: 2026, month: 12, day: 31),
                    status: .doing, deleted: false))
        }
    }

    /// A board whose cards set different fields: only a title (the rest at their defaults), every
    /// field, a card restored after a delete, and a deleted card the snapshot leaves out.
    static func snapshot() -> BoardSnapshot {
        let other = UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000000")!
        func stamp(_ offset: Int64, _ counter: UInt32 = 0, on device: UUID = device) -> HybridTimestamp {
            HybridTimestamp(wallTime: noon + offset, counter: counter, device: device)
        }
        let operations: [(UInt64, HybridTimestamp, ProjectFields)] = [
            (1, stamp(0), ProjectFields(title: "Only a title")),
            (2, stamp(1), ProjectFields(title: "Everything", description: "line one\nline two")),
            (2, stamp(2, 3, on: other), ProjectFields(deadline: Deadline(year: 2026, month: 1, day: 2), status: .done)),
            (2, stamp(2, 4), ProjectFields(title: "Everything, renamed")),
            (3, stamp(3), ProjectFields(title: "Restored", status: .doing)),
            (3, stamp(4), ProjectFields(deleted: true)),
            (3, stamp(5, 0, on: other), ProjectFields(deleted: false)),
            (4, stamp(6), ProjectFields(title: "Deleted")),
            (4, stamp(7), ProjectFields(deleted: true)),
        ]
        var states: [UUID: ProjectState] = [:]
        for (index, (card, timestamp, fields)) in operations.enumerated() {
            let operation = ProjectOperation(
                id: id(UInt64(1000 + index)), projectID: id(card), timestamp: timestamp, fields: fields)
            _ = states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        return BoardSnapshot(seq: Int64(operations.count), states: states.values)
    }

    /// An id whose last bytes are `value`.
    static func id(_ value: UInt64) -> UUID {
        let hex = String(value, radix: 16)
        return UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
    }
}
