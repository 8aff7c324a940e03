import ArgumentParser
import PMDomain
import PMStore

/// `pm undo`: take back this device's latest action, as a new change.
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo this device's latest action (up to 100 deep).", discussion: "Example: pm undo")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @MainActor func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        let result = try database.undo()
        try await AutoPush.afterChange(database, context) {
            try UndoReport(context: context, database: database, json: output.json).print(result, verb: "Undone")
        }
    }
}

/// `pm redo`: do again what `pm undo` took back.
struct Redo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Redo the latest undone action.", discussion: "Example: pm redo")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions

    @MainActor func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        let result = try database.redo()
        try await AutoPush.afterChange(database, context) {
            try UndoReport(context: context, database: database, json: output.json).print(result, verb: "Redone")
        }
    }
}

struct UndoReport {
    let context: Context
    let database: AppDatabase
    let json: Bool

    func print(_ result: ChangeResult, verb: String) throws {
        if json {
            if let entry = result.entry {
                try context.output.printJSON(HistoryEntryJSON(entry, thisDevice: try database.deviceID()))
            } else {
                context.output.print("null")
            }
            return
        }
        context.output.print(
            "\(verb): " + (result.entry?.summary ?? "no visible change (the card had been changed since)"))
    }
}
