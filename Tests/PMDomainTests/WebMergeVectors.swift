import Foundation
import PMDomain
import PMTestSupport

/// Seeded random edits on three devices, delivered shuffled and partly twice: the cards, the
/// board's order, overdue cards and the history every replica must show.
struct WebMergeVectors: Encodable {
    struct Register<Value: Encodable>: Encodable {
        var value: Value
        var timestamp: String
    }
    struct State: Encodable {
        var id: String
        var title: Register<String>?
        var description: Register<String>?
        var deadline: Register<Deadline>?
        var status: Register<Status>?
        var deleted: Register<Bool>?
        var createdAt: Int64?
        var updatedAt: Int64?
    }
    struct Card: Encodable {
        var id: String
        var title: String
        var description: String
        var deadline: Deadline
        var status: Status
        var createdAt: Int64
        var updatedAt: Int64
        var overdue: Bool
    }
    struct Change: Encodable {
        var field: ProjectField
        var from: String?
        var to: String

        enum CodingKeys: String, CodingKey { case field, from, to }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try container.encode(from, forKey: .from)  // null when the card was new
            try container.encode(to, forKey: .to)
        }
    }
    struct Entry: Encodable {
        var operationId: String
        var projectId: String
        var timestamp: String
        var action: HistoryEntry.Action
        var title: String
        var changes: [Change]
        var summary: String
    }
    /// The ids in each list, in list order (a struct: a dictionary would encode in hash order).
    struct Lists: Encodable {
        var todo: [String]
        var doing: [String]
        var done: [String]
    }
    struct Scenario: Encodable {
        var seed: UInt64
        var operations: [ProjectOperation]
        var states: [State]
        var cards: [Card]
        var board: Lists
        var overdueCount: Int
        var history: [Entry]
    }

    var today: Deadline
    var scenarios: [Scenario]

    static let titles = ["Write spec", "스펙 작성", "배포 준비 🚀", "Review", "👩‍💻 한글"]
    static let descriptions = [
        "", "첫 줄\n둘째 줄", "notes", "A first line that runs on for well over forty characters 👩‍💻",
        String(repeating: "한", count: 40), "short\r\nsecond", String(repeating: "e\u{301}", count: 41),
    ]

    static func make() -> WebMergeVectors {
        WebMergeVectors(today: WebVectors.today, scenarios: (1...16).map { scenario(seed: $0) })
    }

    static func scenario(seed: UInt64) -> Scenario {
        var random = WebVectors.Random(state: seed)
        let projects = (1...3).map { WebVectors.id(0x100 + $0) }
        // Device ids differ in their first bytes too, so the tie-break compares whole ids.
        let devices = ["d1", "0d", "ff"].map { UUID(uuidString: "\($0)000000-0000-4000-8000-0000000000d0")! }
        var clocks = devices.map { HybridClock(device: $0) }
        var made: [ProjectOperation] = []
        for number in 0..<Int.random(in: 5...40, using: &random) {
            let device = Int.random(in: 0..<clocks.count, using: &random)
            if Bool.random(using: &random), let seen = made.randomElement(using: &random) {
                clocks[device].receive(seen.timestamp, now: seen.timestamp.wallTime)
            }
            // Coarse, skewed wall clocks: devices often share a millisecond, and some run behind.
            let now = WebVectors.noon + Int64.random(in: -1...3, using: &random) * 1000 - Int64(device) * 1000
            made.append(
                ProjectOperation(
                    id: WebVectors.id(0x1000 + UInt64(number)), projectID: projects.randomElement(using: &random)!,
                    timestamp: clocks[device].tick(now: now), fields: fields(using: &random)))
        }
        let again = made.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random))
        let delivered = (made + again).shuffled(using: &random)
        var states: [UUID: ProjectState] = [:]
        for operation in delivered {
            states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        let board = Board(states.values.compactMap(\.project))
        let today = WebVectors.today
        return Scenario(
            seed: seed, operations: delivered,
            states: states.values.sorted { $0.id.lowercased < $1.id.lowercased }.map(state),
            cards: board.allProjects.map { project in
                Card(
                    id: project.id.lowercased, title: project.title, description: project.description,
                    deadline: project.deadline, status: project.status,
                    createdAt: Int64((project.createdAt.timeIntervalSince1970 * 1000).rounded()),
                    updatedAt: Int64((project.updatedAt.timeIntervalSince1970 * 1000).rounded()),
                    overdue: project.isOverdue(today: today))
            },
            board: Lists(
                todo: board[.todo].map(\.id.lowercased), doing: board[.doing].map(\.id.lowercased),
                done: board[.done].map(\.id.lowercased)),
            overdueCount: board.overdueCount(today: today),
            history: History.entries(for: delivered).map { entry in
                Entry(
                    operationId: entry.operationID.lowercased, projectId: entry.projectID.lowercased,
                    timestamp: entry.timestamp.description, action: entry.action, title: entry.title,
                    changes: entry.changes.map { Change(field: $0.field, from: $0.from, to: $0.to) },
                    summary: entry.summary)
            })
    }

    static func state(_ state: ProjectState) -> State {
        func register<Value>(_ register: ProjectState.Register<Value>?) -> Register<Value>? {
            register.map { Register(value: $0.value, timestamp: $0.timestamp.description) }
        }
        return State(
            id: state.id.lowercased, title: register(state.title), description: register(state.description),
            deadline: register(state.deadline), status: register(state.status), deleted: register(state.deleted),
            createdAt: state.createdAt, updatedAt: state.updatedAt)
    }

    static func fields(using random: inout WebVectors.Random) -> ProjectFields {
        var fields = ProjectFields()
        if Bool.random(using: &random) { fields.title = titles.randomElement(using: &random) }
        if Bool.random(using: &random) { fields.description = descriptions.randomElement(using: &random) }
        if Bool.random(using: &random) {
            fields.deadline = WebVectors.today.adding(days: Int.random(in: -2...2, using: &random))
        }
        if Bool.random(using: &random) { fields.status = Status.allCases.randomElement(using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { fields.deleted = Bool.random(using: &random) }
        if fields.isEmpty { fields.title = titles.randomElement(using: &random) }
        return fields
    }
}
