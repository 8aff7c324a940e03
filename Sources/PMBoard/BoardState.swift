public import Foundation
public import PMDomain
public import PMSync
public import TerminalKit

/// Everything the board shows, as a value: the views render it, the reducer changes it.
public struct BoardState: Equatable, Sendable {
    /// The database's file name, shown in the header.
    public var databaseName: String
    /// Today, in the user's time zone: overdue marks are judged against it.
    public var today: Deadline
    /// The header's status slot (`local` until sync fills it).
    public var syncStatus = "local"
    /// What the sync engine last reported; `nil` without a remote.
    public var sync: SyncStatus?
    /// The sync error the footer last announced, so a retry that fails the same way stays quiet.
    var announcedSyncError: String?
    /// The terminal's size.
    public var size: TerminalSize
    /// The user's offset from UTC in seconds, for history times.
    public var utcOffset = 0
    /// What is on screen above the board.
    public var mode: Mode = .board
    /// The list that has the focus.
    public var column: Status = .todo
    /// Text that cards must contain to be shown (`/`).
    public private(set) var filter = ""
    /// Whether keys are going to the filter.
    public var isTypingFilter = false
    /// The opening banner: overdue and due-today counts, until a key is pressed.
    public var banner: String?
    /// A message for the footer, until the next key.
    public var message: String?
    /// The history panel's entries, newest first.
    public var history: [HistoryEntry] = []
    /// This device's id: the history panel says `this device` for its own changes.
    public var thisDevice: UUID?
    /// The first history entry shown.
    public var historyTop = 0

    /// Every card, list by list, in list order.
    public private(set) var lists: [Status: [Project]] = [.todo: [], .doing: [], .done: []]
    /// The cards shown: `lists` narrowed by the filter.
    public private(set) var shown: [Status: [Project]] = [.todo: [], .doing: [], .done: []]
    /// The selected card's index in each shown list.
    public var selected: [Status: Int] = [.todo: 0, .doing: 0, .done: 0]
    /// The first visible card's index in each shown list.
    public var top: [Status: Int] = [.todo: 0, .doing: 0, .done: 0]
    /// Each list's size while `lists` holds only its first cards (the opening frame); `nil`
    /// once every card is loaded.
    public private(set) var totals: [Status: Int]?

    /// A board of `projects`.
    public init(databaseName: String, today: Deadline, size: TerminalSize, projects: [Project] = []) {
        self.databaseName = databaseName
        self.today = today
        self.size = size
        replaceProjects(projects)
    }

    /// What covers the board.
    public enum Mode: Equatable, Sendable {
        case board
        case detail(UUID)
        case form(ProjectForm)
        case confirmDiscard(ProjectForm)
        case moveMenu(project: UUID, index: Int)
        case history
        case help
    }

    /// Whether the board shows one column at a time, with tabs.
    public var isNarrow: Bool { size.width < 72 }

    /// The shown cards of `status`.
    public func cards(_ status: Status) -> [Project] { shown[status] ?? [] }

    /// Whether every card is loaded, not only each list's first ones.
    public var isComplete: Bool { totals == nil }

    /// How many cards `status` shows, counting those not loaded yet. A filter narrows only the
    /// cards loaded until the rest arrive.
    public func count(_ status: Status) -> Int {
        guard let totals, filter.isEmpty else { return cards(status).count }
        return max(totals[status] ?? 0, cards(status).count)
    }

    /// Shows only the first cards of each list (in list order) until ``loaded(_:)`` brings the
    /// rest; `totals` are the lists' full sizes, for the headers and the `more` marks.
    public mutating func showFirst(_ first: [Status: [Project]], totals: [Status: Int]) {
        let keep = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, selectedID(in: $0)) })
        lists = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, first[$0] ?? []) })
        self.totals = totals
        refilter(keeping: keep)
    }

    /// Replaces the cards with `board`, already sorted, keeping each list's selection on the
    /// same card: the whole board arriving after the opening frame, or any later reload.
    public mutating func loaded(_ board: Board) {
        let keep = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, selectedID(in: $0)) })
        lists = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, board[$0]) })
        totals = nil
        refilter(keeping: keep)
    }

    /// The selected card, if its list has any.
    public var selectedProject: Project? {
        let cards = cards(column)
        let index = selected[column] ?? 0
        return cards.indices.contains(index) ? cards[index] : nil
    }

    /// A card by id, wherever it is.
    public func project(_ id: UUID) -> Project? {
        for status in Status.allCases {
            if let project = lists[status]?.first(where: { $0.id == id }) { return project }
        }
        return nil
    }

    /// Replaces every card (after a reload), keeping each list's selection on the same card.
    public mutating func replaceProjects(_ projects: [Project]) {
        loaded(Board(projects))
    }

    /// Puts one changed card in place without reloading the rest (`nil` removes it), and selects
    /// it when it is still on the board. Before the rest are loaded, the totals follow the card.
    public mutating func place(_ id: UUID, as project: Project?) {
        for status in Status.allCases {
            guard let index = lists[status]?.firstIndex(where: { $0.id == id }) else { continue }
            lists[status]?.remove(at: index)
            totals?[status]? -= 1
        }
        if let project { totals?[project.status]? += 1 }
        var keep = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, selectedID(in: $0)) })
        if let project {
            var list = lists[project.status] ?? []
            let index = list.firstIndex { Project.listOrder(project, $0) } ?? list.endIndex
            list.insert(project, at: index)
            lists[project.status] = list
            keep[project.status] = id
        }
        refilter(keeping: keep)
    }

    /// Narrows the shown cards to those whose title or description contains `text`.
    public mutating func setFilter(_ text: String) {
        let keep = Dictionary(uniqueKeysWithValues: Status.allCases.map { ($0, selectedID(in: $0)) })
        filter = text
        refilter(keeping: keep)
    }

    private func selectedID(in status: Status) -> UUID? {
        let cards = cards(status)
        let index = selected[status] ?? 0
        return cards.indices.contains(index) ? cards[index].id : nil
    }

    private mutating func refilter(keeping keep: [Status: UUID?]) {
        for status in Status.allCases {
            let all = lists[status] ?? []
            let cards =
                filter.isEmpty
                ? all
                : all.filter {
                    $0.title.localizedStandardContains(filter) || $0.description.localizedStandardContains(filter)
                }
            let previous = selected[status] ?? 0
            shown[status] = cards
            if let id = keep[status] ?? nil, let index = cards.firstIndex(where: { $0.id == id }) {
                selected[status] = index
            } else {
                selected[status] = min(previous, max(0, cards.count - 1))
            }
            top[status] = min(top[status] ?? 0, max(0, cards.count - 1))
        }
    }
}
