import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm add TITLE`: a new card in TODO.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a project to TODO.",
        discussion: "Example: pm add \"Write the spec\" --deadline +3d --description \"Two pages\"")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The title: one line, 1–100 characters.")
    var title: String

    // Unconditional: `--deadline -1d` reaches the rule (and its message), not "Missing value".
    @Option(
        parsing: .unconditional, help: "YYYY-MM-DD, today, tomorrow, +Nd or +Nw (default: today); not before today.")
    var deadline: String?

    @Option(help: "Up to 1000 characters; newlines allowed.")
    var description: String?

    @MainActor func run() async throws {
        let context = try Context(options)
        let input = ProjectInput(title: title, deadline: deadline, description: description)
        let fields = try input.newProject(today: context.today)
        let database = try context.open()
        let result = try database.add(fields)
        try await AutoPush.afterChange(database, context) {
            guard let project = result.project else { return }
            if output.json {
                try context.output.printJSON(ProjectJSON(project, today: context.today))
            } else {
                let id = try database.shortID(of: project.id)
                context.output.print("Added \"\(project.title)\" to TODO, due \(project.deadline) (id \(id))")
            }
        }
    }
}
