public import Foundation

/// A project card on the board.
public struct Project: Identifiable, Hashable, Sendable {
    /// Chosen by the client that created it.
    public var id: UUID
    /// One line, 1–100 characters.
    public var title: String
    /// Up to 1000 characters; may be empty.
    public var description: String
    /// The day it is due.
    public var deadline: Deadline
    /// The list it sits in.
    public var status: Status
    /// When it was added.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// A card from its parts.
    public init(
        id: UUID, title: String, description: String, deadline: Deadline, status: Status, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.deadline = deadline
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Overdue: not done, and the deadline is before `today`.
    public func isOverdue(today: Deadline) -> Bool {
        status != .done && deadline < today
    }

    /// The order of cards within a list: deadline first, then creation time (then id, so that
    /// every replica shows the same order).
    public static func listOrder(_ lhs: Project, _ rhs: Project) -> Bool {
        listOrder((lhs.deadline, lhs.createdAt, lhs.id), (rhs.deadline, rhs.createdAt, rhs.id))
    }

    /// The list order on its keys, for what holds a card's fields without being a `Project` (a
    /// snapshot's card, whose creation time is in milliseconds): the one statement of the order
    /// in Swift. The device's list index says it in SQL (`ProjectRow.listOrder`).
    public static func listOrder<CreatedAt: Comparable>(
        _ lhs: (deadline: Deadline, createdAt: CreatedAt, id: UUID),
        _ rhs: (deadline: Deadline, createdAt: CreatedAt, id: UUID)
    ) -> Bool {
        if lhs.deadline != rhs.deadline { return lhs.deadline < rhs.deadline }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }
}
