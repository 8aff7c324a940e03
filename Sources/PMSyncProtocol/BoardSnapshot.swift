public import Foundation
public import PMDomain

/// A board's current cards and the sequence number they reflect:
/// `GET /v1/boards/{board}/projects`. A new device starts from it and pulls from `seq` on.
public struct BoardSnapshot: Codable, Hashable, Sendable {
    /// A visible card, with the clock of the write that set each field, so that a device
    /// starting from the snapshot merges later operations exactly as if it had replayed them.
    public struct Card: Codable, Hashable, Sendable {
        /// The clock of the write that set each field; a field never written (shown with its
        /// default: no description, due the day it was made, in TODO) has none.
        public struct Clocks: Codable, Hashable, Sendable {
            public var title: HybridTimestamp
            public var description: HybridTimestamp?
            public var deadline: HybridTimestamp?
            public var status: HybridTimestamp?

            /// The clocks of a card's fields.
            public init(
                title: HybridTimestamp, description: HybridTimestamp? = nil, deadline: HybridTimestamp? = nil,
                status: HybridTimestamp? = nil
            ) {
                self.title = title
                self.description = description
                self.deadline = deadline
                self.status = status
            }
        }

        /// The card's id.
        public var id: UUID
        /// The title.
        public var title: String
        /// The description (empty when none).
        public var description: String
        /// The day it is due.
        public var deadline: Deadline
        /// The list it sits in.
        public var status: Status
        /// Wall time of its first operation, milliseconds since 1970.
        public var createdAt: Int64
        /// Wall time of its latest operation, milliseconds since 1970.
        public var updatedAt: Int64
        /// Which write set each field.
        public var clocks: Clocks

        /// A card from its parts.
        public init(
            id: UUID, title: String, description: String, deadline: Deadline, status: Status, createdAt: Int64,
            updatedAt: Int64, clocks: Clocks
        ) {
            self.id = id
            self.title = title
            self.description = description
            self.deadline = deadline
            self.status = status
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.clocks = clocks
        }

        /// The card of a visible merged project; `nil` for one deleted or never created.
        public init?(_ state: ProjectState) {
            guard let project = state.project, let title = state.title, let createdAt = state.createdAt,
                let updatedAt = state.updatedAt
            else { return nil }
            id = state.id
            self.title = project.title
            description = project.description
            deadline = project.deadline
            status = project.status
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            clocks = Clocks(
                title: title.timestamp, description: state.description?.timestamp,
                deadline: state.deadline?.timestamp, status: state.status?.timestamp)
        }

        /// ``Project/listOrder(_:_:)`` on the card's own fields: building a `Project` per
        /// comparison took most of a large board's snapshot.
        public static func listOrder(_ lhs: Card, _ rhs: Card) -> Bool {
            Project.listOrder((lhs.deadline, lhs.createdAt, lhs.id), (rhs.deadline, rhs.createdAt, rhs.id))
        }

        /// The merged state the card stands for (never deleted: the snapshot leaves those out).
        public var state: ProjectState {
            var state = ProjectState(id: id)
            state.title = .init(value: title, timestamp: clocks.title)
            state.description = clocks.description.map { .init(value: description, timestamp: $0) }
            state.deadline = clocks.deadline.map { .init(value: deadline, timestamp: $0) }
            state.status = clocks.status.map { .init(value: status, timestamp: $0) }
            state.createdAt = createdAt
            state.updatedAt = updatedAt
            return state
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id.lowercased, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(description, forKey: .description)
            try container.encode(deadline, forKey: .deadline)
            try container.encode(status, forKey: .status)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(clocks, forKey: .clocks)
        }
    }

    /// The sequence number of the last operation the cards include (0 for an empty board).
    public var seq: Int64
    /// The visible cards, in board order.
    public var projects: [Card]

    /// A snapshot from its parts.
    public init(seq: Int64, projects: [Card]) {
        self.seq = seq
        self.projects = projects
    }

    /// The snapshot of merged `states` at `seq`: deleted and never-created cards left out.
    public init(seq: Int64, states: some Sequence<ProjectState>) {
        self.seq = seq
        self.projects = states.compactMap(Card.init).sorted(by: Card.listOrder)
    }
}
