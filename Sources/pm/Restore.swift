import ArgumentParser
import PMDomain
import PMStore

/// `pm restore ID`: bring back a deleted card, whoever deleted it (`pm history --project ID`
/// finds it).
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a deleted project, whoever deleted it.",
        discussion: """
            The card comes back with the fields it had, in its list, as a new change that syncs \
            (pm undo takes it back). pm history --project ID shows a deleted card's id and history.

            Example: pm restore 3f2a
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The deleted project's id, or a unique prefix of at least 4 hex digits.")
    var id: String

    @MainActor func run() async throws {
        let context = try Context(options)
        let prefix = try IDPrefix(id)
        let database = try context.open()
        let result = try database.restore(try database.resolve(prefix, includingDeleted: true))
        try await AutoPush.afterChange(database, context) {
            guard let entry = result.entry else { return }
            if output.json {
                try context.output.printJSON(HistoryEntryJSON(entry, thisDevice: try database.deviceID()))
            } else {
                let list = result.project.map { " to \($0.status.heading)" } ?? ""
                context.output.print("\(entry.summary)\(list) — pm undo deletes it again")
            }
        }
    }
}
