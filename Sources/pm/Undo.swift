import ArgumentParser
import PMDomain
import PMStore

/// `pm undo`: take back this device's latest action, as a new change.
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo this device's latest action (up to 100 deep).",
        discussion: """
            Undo takes back only fields still as this device left them: where someone else (a \
            teammate, a calendar app) changed one since, it refuses, naming who changed what, and \
            changes nothing; --force overwrites their change. It says what was undone and where \
            the card is now.

            Example: pm undo
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Undo even where someone else changed the card since, overwriting their change.") var force = false

    @MainActor func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        let result = try database.undo(force: force)
        try await AutoPush.afterChange(database, context) {
            try UndoReport(context: context, database: database, json: output.json).print(result, undone: true)
        }
    }
}

/// `pm redo`: do again what `pm undo` took back.
struct Redo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Redo the latest undone action.",
        discussion: """
            Like undo, redo refuses where someone else changed the card since the undo; --force \
            overwrites their change.

            Example: pm redo
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Redo even where someone else changed the card since, overwriting their change.") var force = false

    @MainActor func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        let result = try database.redo(force: force)
        try await AutoPush.afterChange(database, context) {
            try UndoReport(context: context, database: database, json: output.json).print(result, undone: false)
        }
    }
}

struct UndoReport {
    let context: Context
    let database: AppDatabase
    let json: Bool

    func print(_ result: ChangeResult, undone: Bool) throws {
        if json {
            if let entry = result.entry {
                try context.output.printJSON(HistoryEntryJSON(entry, thisDevice: try database.deviceID()))
            } else {
                context.output.print("null")
            }
            return
        }
        context.output.print(HistoryEntry.undoSentence(undone: undone, action: result.action, now: result.project))
    }
}
