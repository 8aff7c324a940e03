public import Foundation
public import PMDomain

/// A board's current cards and the sequence number they reflect:
/// `GET /v1/boards/{board}/projects`. A new device starts from it and pulls from `seq` on.
public struct BoardSnapshot: Codable, Hashable, Sendable {
    /// A visible card, without the field clocks.
    public struct Card: Codable, Hashable, Sendable {
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

        /// The card of a merged project.
        public init(_ project: Project) {
            id = project.id
            title = project.title
            description = project.description
            deadline = project.deadline
            status = project.status
            createdAt = Int64((project.createdAt.timeIntervalSince1970 * 1000).rounded())
            updatedAt = Int64((project.updatedAt.timeIntervalSince1970 * 1000).rounded())
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
        self.projects = states.compactMap(\.project).sorted(by: Project.listOrder).map(Card.init)
    }
}
