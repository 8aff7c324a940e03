import ArgumentParser
import PMDomain
import PMStore

/// `pm edit ID`: change the title, deadline or description.
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a project's title, deadline or description.",
        discussion: "Example: pm edit 3f2a --deadline 2026-12-24 --title \"Write the full spec\"")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The project's id, or a unique prefix of at least 4 hex digits.")
    var id: String

    @Option(help: "The new title: one line, 1–100 characters.")
    var title: String?

    // Unconditional: `--deadline -1d` reaches the rule (and its message), not "Missing value".
    @Option(
        parsing: .unconditional, help: "The new deadline: YYYY-MM-DD, today, tomorrow, +Nd or +Nw; not before today.")
    var deadline: String?

    @Option(help: "The new description, up to 1000 characters (\"\" clears it).")
    var description: String?

    func validate() throws {
        if title == nil && deadline == nil && description == nil {
            throw ValidationError("nothing to edit: give --title, --deadline or --description")
        }
    }

    @MainActor func run() async throws {
        let context = try Context(options)
        let input = ProjectInput(title: title, deadline: deadline, description: description)
        let prefix = try IDPrefix(id)
        let database = try context.open()
        let today = context.today
        let result = try database.change(try database.resolve(prefix)) { project in
            try input.edit(of: project, today: today)
        }
        try await AutoPush.afterChange(database, context) {
            try ChangeReport(context: context, database: database, json: output.json)
                .print(result, unchanged: "Nothing changed")
        }
    }
}

/// How commands that change a card report it.
struct ChangeReport {
    let context: Context
    let database: AppDatabase
    let json: Bool

    func print(_ result: ChangeResult, unchanged: String) throws {
        if json {
            if let project = result.project {
                try context.output.printJSON(ProjectJSON(project, today: context.today))
            } else if let entry = result.entry {
                try context.output.printJSON(HistoryEntryJSON(entry, thisDevice: try database.deviceID()))
            }
            return
        }
        if let entry = result.entry {
            context.output.print(entry.summary)
        } else if let project = result.project {
            context.output.print("\(unchanged): \"\(project.title)\" already has these values")
        }
    }
}
