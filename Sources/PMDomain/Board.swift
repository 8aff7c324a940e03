/// The three lists, each in list order: what `pm`, `pm list` and the board show.
public struct Board: Hashable, Sendable {
    /// The cards of each list, in list order.
    public private(set) var lists: [Status: [Project]]

    /// Sorts `projects` into their lists.
    public init(_ projects: some Sequence<Project>) {
        var lists: [Status: [Project]] = [.todo: [], .doing: [], .done: []]
        for project in projects {
            lists[project.status, default: []].append(project)
        }
        for status in Status.allCases {
            lists[status]?.sort(by: Project.listOrder)
        }
        self.lists = lists
    }

    /// The cards in `status`, in list order.
    public subscript(status: Status) -> [Project] {
        lists[status] ?? []
    }

    /// Every card, list by list.
    public var allProjects: [Project] {
        Status.allCases.flatMap { self[$0] }
    }

    /// How many cards are overdue on `today`.
    public func overdueCount(today: Deadline) -> Int {
        allProjects.count { $0.isOverdue(today: today) }
    }
}
