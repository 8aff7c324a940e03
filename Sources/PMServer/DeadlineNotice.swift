import Foundation
public import PMDomain
public import PMSyncProtocol

/// The notification a browser shows for a card falling due, in the words of `pm remind`: the
/// card's title, then when it is due and its list, and the first lines of its description. Sent
/// as JSON, for the service worker to show and to open the board at the card when tapped.
public struct DeadlineNotice: Codable, Hashable, Sendable {
    /// The notification's title: the card's.
    public var title: String
    /// The notification's text.
    public var body: String
    /// The board the card is on.
    public var board: String
    /// The card's id.
    public var card: String
    /// The deadline reminded of, `YYYY-MM-DD`.
    public var deadline: String
    /// Where tapping the notification goes: the board page, at the card.
    public var url: String
    /// Whether the card is overdue (shown as such, and sent urgently).
    public var overdue: Bool

    /// The lines of description sent at most, each cut to ``lineLimit`` characters, so that a
    /// message stays well inside the push services' 4 KB.
    static let lineCount = 3
    static let lineLimit = 120

    /// The notice of `project` on `board`, seen from `today`.
    public init(project: Project, board: BoardName, today: Deadline) {
        let when = Reminder.when(project.deadline, today: today)
        let lines = project.description.split(separator: "\n", omittingEmptySubsequences: true)
            .prefix(Self.lineCount).map { line -> String in
                line.count > Self.lineLimit ? String(line.prefix(Self.lineLimit - 1)) + "…" : String(line)
            }
        title = project.title
        body = ([when + " · " + project.status.heading] + lines).joined(separator: "\n")
        self.board = board.text
        card = project.id.uuidString.lowercased()
        deadline = project.deadline.description
        let path = board.text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? board.text
        url = "/boards/\(path)#card=\(card)"
        overdue = project.isOverdue(today: today)
    }

    /// The notice as the message's payload.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? [UInt8](encoder.encode(self))) ?? []
    }
}
