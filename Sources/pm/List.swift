import ArgumentParser
import PMDomain
import PMStore

/// `pm list`: the lists with their counts, or one list, or only overdue cards.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List projects by list, in deadline order.",
        discussion: "Example: pm list --status doing")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Only this list: todo, doing or done.")
    var status: Status?

    @Flag(help: "Only cards past their deadline and not done.")
    var overdue = false

    func run() throws {
        try Self.printBoard(options: options, json: output.json, status: status, overdueOnly: overdue)
    }

    static func printBoard(options: GlobalOptions, json: Bool, status: Status?, overdueOnly: Bool) throws {
        let context = try Context(options)
        let database = try context.openForReading()
        let today = context.today
        var projects = try database.projects()
        if let status { projects.removeAll { $0.status != status } }
        if overdueOnly { projects.removeAll { !$0.isOverdue(today: today) } }
        let board = Board(projects)
        if json {
            try context.output.printJSON(board.allProjects.map { ProjectJSON($0, today: today) })
            return
        }
        let text = BoardText(output: context.output, today: today, shortIDs: try database.shortIDs())
        context.output.print(text.render(board, lists: status.map { [$0] } ?? Status.allCases))
    }
}
