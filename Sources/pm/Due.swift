import ArgumentParser
import PMDomain
import PMStore
import TerminalKit

/// `pm due`: what is overdue, and what falls due soon.
struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List overdue projects and those due within a window.",
        discussion: """
            A card is due within Nd when its deadline is before today + N days: 1d (the default) is \
            today, 2d today and tomorrow, 1w the seven days from today. Done cards are never due.
            Example: pm due --within 1w
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "The window: Nd or Nw; 1d is today.")
    var within = "1d"

    func run() throws {
        let context = try Context(options)
        let window = try DayCount(window: within)
        let database = try context.openForReading()
        let today = context.today
        let end = today.adding(days: window.days)
        let cards = try database.projects().filter { $0.status != .done && $0.deadline < end }
            .sorted(by: Project.listOrder)
        if output.json {
            try context.output.printJSON(cards.map { ProjectJSON($0, today: today) })
            return
        }
        let overdue = cards.filter { $0.isOverdue(today: today) }
        let soon = cards.filter { !$0.isOverdue(today: today) }
        let text = BoardText(output: context.output, today: today, shortIDs: try database.shortIDs())
        let idWidth = cards.map { text.shortIDs[$0.id]?.count ?? 4 }.max() ?? 4
        let titleWidth = min(BoardText.titleWidthLimit, cards.map(\.title.displayWidth).max() ?? 0)
        var lines = [context.output.bold("Overdue (\(overdue.count))")]
        lines += overdue.map { text.line($0, idWidth: idWidth, titleWidth: titleWidth) + "  " + $0.status.heading }
        let label = window.days == 1 ? "today" : "within \(window.days) days"
        lines.append(context.output.bold("Due \(label) (\(soon.count))"))
        lines += soon.map { text.line($0, idWidth: idWidth, titleWidth: titleWidth) + "  " + $0.status.heading }
        context.output.print(lines.joined(separator: "\n"))
    }
}
