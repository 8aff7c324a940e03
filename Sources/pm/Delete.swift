import ArgumentParser
import PMDomain
import PMStore

/// `pm delete ID`: delete a card; `pm undo` brings it back.
struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a project (pm undo brings it back).", discussion: "Example: pm delete 3f2a")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The project's id, or a unique prefix of at least 4 hex digits.")
    var id: String

    @MainActor func run() async throws {
        let context = try Context(options)
        let prefix = try IDPrefix(id)
        let database = try context.open()
        let result = try database.delete(try database.resolve(prefix))
        try await AutoPush.afterChange(database, context) {
            guard let entry = result.entry else { return }
            if output.json {
                try context.output.printJSON(HistoryEntryJSON(entry, thisDevice: try database.deviceID()))
            } else {
                context.output.print("\(entry.summary) — pm undo brings it back")
            }
        }
    }
}
