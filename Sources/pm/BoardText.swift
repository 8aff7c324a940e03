import Foundation
import PMDomain
import TerminalKit

/// The board as text: each list headed with its count, a card a line, columns aligned by
/// display width so Korean and emoji titles line up.
struct BoardText {
    let output: Output
    let today: Deadline
    let shortIDs: [UUID: String]

    static let titleWidthLimit = 60

    func render(_ board: Board, lists: [Status] = Status.allCases) -> String {
        let cards = lists.flatMap { board[$0] }
        let idWidth = cards.map { shortIDs[$0.id]?.count ?? 4 }.max() ?? 4
        let titleWidth = min(Self.titleWidthLimit, cards.map(\.title.displayWidth).max() ?? 0)
        var lines: [String] = []
        for status in lists {
            let projects = board[status]
            lines.append(output.bold("\(status.heading) (\(projects.count))"))
            for project in projects {
                lines.append(line(project, idWidth: idWidth, titleWidth: titleWidth))
            }
        }
        return lines.joined(separator: "\n")
    }

    func line(_ project: Project, idWidth: Int, titleWidth: Int) -> String {
        let id = (shortIDs[project.id] ?? String(project.id.lowercased.prefix(8))).padded(toWidth: idWidth)
        return "  " + output.dim(id) + "  " + project.title.padded(toWidth: titleWidth) + "  "
            + output.deadline(project, today: today)
    }
}

/// Local date and time for people, without a formatter's start-up cost.
enum LocalTime {
    static func text(_ date: Date, in timeZone: TimeZone) -> String {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let day = Deadline(daysSince1970: Int((Double(seconds) / 86_400).rounded(.down)))
        let inDay = seconds - day.daysSince1970 * 86_400
        let hours = inDay / 3600
        let minutes = inDay % 3600 / 60
        return "\(day) \(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }
}
