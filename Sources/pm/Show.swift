import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm show ID`: one card in full.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one project in full.", discussion: "Example: pm show 3f2a")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The project's id, or a unique prefix of at least 4 hex digits.")
    var id: String

    func run() throws {
        let context = try Context(options)
        let prefix = try IDPrefix(id)
        let database = try context.openForReading()
        let projectID = try database.resolve(prefix)
        guard let project = try database.project(projectID) else { return }
        let today = context.today
        if output.json {
            try context.output.printJSON(ProjectJSON(project, today: today))
            return
        }
        let out = context.output
        let zone = context.environment.timeZone
        var deadline = project.deadline.description
        if project.isOverdue(today: today) { deadline = out.red(deadline) + " (overdue)" }
        var lines = [
            out.bold(project.title),
            "id        \(project.id.lowercased)",
            "list      \(project.status.heading)",
            "deadline  \(deadline)",
            "created   \(LocalTime.text(project.createdAt, in: zone))",
            "updated   \(LocalTime.text(project.updatedAt, in: zone))",
        ]
        if !project.description.isEmpty {
            lines.append("")
            lines.append(
                contentsOf: project.description.split(separator: "\n", omittingEmptySubsequences: false).map {
                    "  " + $0
                })
        }
        out.print(lines.joined(separator: "\n"))
    }
}
