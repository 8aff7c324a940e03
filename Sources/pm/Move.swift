import ArgumentParser
import PMDomain
import PMStore

/// `pm move ID STATUS`: move a card to another list.
struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a project to another list.", discussion: "Example: pm move 3f2a doing")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The project's id, or a unique prefix of at least 4 hex digits.")
    var id: String

    @Argument(help: "The list to move it to: todo, doing or done.")
    var status: Status

    @MainActor func run() async throws {
        let context = try Context(options)
        let prefix = try IDPrefix(id)
        let database = try context.open()
        let result = try database.move(try database.resolve(prefix), to: status)
        try await AutoPush.afterChange(database, context) {
            try ChangeReport(context: context, database: database, json: output.json)
                .print(result, unchanged: "Nothing moved")
        }
    }
}
